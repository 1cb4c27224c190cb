CREATE TABLE "verification_images" (
	"verification_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_images_verification_id_kind_pk" PRIMARY KEY("verification_id","kind")
);
--> statement-breakpoint
ALTER TABLE "verification_images" ADD CONSTRAINT "verification_images_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;

import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { RoleProvider } from "@/components/auth/role-context";
import { TeamReviewProvider } from "@/components/review/team-review-context";
import { AppHeader } from "@/components/layout/app-header";
import { Toaster } from "@/components/ui/toaster";
import { StepUpProvider } from "@/components/auth/step-up-dialog";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

// Every console page: signed-in analysts only (proxy.ts redirects first; this is the second lock).
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!session?.user) redirect("/login");
  const teamReview = await getTeamReview();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <AppHeader
        email={session.user.email}
        role={session.user.role}
        settings={Boolean(teamReview?.canAdminister)}
        rules={Boolean(teamReview?.features.includes("rules"))}
        sessions={Boolean(teamReview?.features.includes("sessions"))}
        monitoring={Boolean(teamReview?.features.includes("monitoring"))}
        graph={Boolean(teamReview?.features.includes("graph"))}
        security={Boolean(teamReview?.features.includes("mfa"))}
        away={Boolean(teamReview?.features.includes("routing") && teamReview.canAct)}
        directory={teamReview !== null}
      />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <RoleProvider role={session.user.role} user={session.user.email}>
          <TeamReviewProvider value={teamReview}>
            <Toaster>
              <StepUpProvider>{children}</StepUpProvider>
            </Toaster>
          </TeamReviewProvider>
        </RoleProvider>
      </main>
    </div>
  );
}

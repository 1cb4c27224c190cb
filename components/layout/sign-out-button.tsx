"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LogOutIcon } from "@/components/ui/icons";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      data-testid="sign-out"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      <LogOutIcon className="size-3.5" />
      Sair
    </Button>
  );
}

"use client";

import { useEffect, useRef, useState } from "react";
import { NetworkView } from "@/components/network/network-view";
import { Section } from "@/components/ui/section";
import { StateMessage } from "@/components/ui/state-message";
import { isTerminalStatus } from "@/lib/verifications/status";

// "Rede de processos" of the case page: the verification's lawsuit network (the v2 network route,
// beyond the spec), loaded once the section scrolls into view and the verification has ended.

export function NetworkSection({ id, status, name }: { id: string; status: string; name: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  const ended = isTerminalStatus(status);
  return (
    <Section
      title="Rede de processos"
      description="Pessoas e empresas ligadas ao documento e seus processos judiciais."
      testId="network-section"
    >
      <div ref={ref}>
        {!ended ? (
          <StateMessage
            title="A rede aparece quando a verificação terminar"
            description="Os vínculos e processos ainda estão sendo coletados."
          />
        ) : visible ? (
          <NetworkView kind="verifications" id={id} title={name ? `Rede de processos – ${name}` : "Rede de processos"} height="560px" />
        ) : (
          <div className="h-40" />
        )}
      </div>
    </Section>
  );
}

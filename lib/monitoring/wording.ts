// The resolve dialog's words and limits, shared by the BFF (which checks them) and the browser.

/** The service's limit on a resolution's comment (lib/contract/monitoring.ts ResolveAlertBody). */
export const MAX_ALERT_COMMENT = 2000;

export const RESOLUTION_WORDING = {
  confirmed: {
    action: "Confirmar risco",
    title: "Confirmar o risco deste alerta?",
    description:
      "O caso recebe o sinal “Alerta de monitoramento confirmado” e volta para a fila, sem decisão, para uma nova revisão. As decisões anteriores continuam no histórico.",
    done: "Risco confirmado: o caso voltou para a fila para uma nova decisão.",
  },
  dismissed: {
    action: "Descartar",
    title: "Descartar este alerta?",
    description: "A mesma mudança não gera alerta de novo, em nenhuma versão futura da fonte. O caso segue como está.",
    done: "Alerta descartado: esta mudança não volta a alertar.",
  },
} as const;

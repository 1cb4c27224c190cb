import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { MailIcon, MapPinIcon, PhoneIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import type { ContactsView } from "@/lib/verifications/view-models";

function Group({
  title,
  icon,
  testId,
  empty,
  children,
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        {icon}
        {title}
      </h3>
      {empty ? <p className="text-sm text-zinc-500">Nenhum registro.</p> : <ul className="space-y-2">{children}</ul>}
    </div>
  );
}

function Preferred({ show }: { show: boolean }) {
  return show ? (
    <Badge tone="info" className="ml-2 align-middle">
      Preferencial
    </Badge>
  ) : null;
}

export function ContactsSection({ contacts }: { contacts: ContactsView }) {
  return (
    <Section title="Contatos" description="Endereços, telefones e e-mails conhecidos do titular" testId="contacts-section">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Group
          title="Endereços"
          icon={<MapPinIcon className="size-3.5" />}
          testId="profile-addresses"
          empty={contacts.addresses.length === 0}
        >
          {contacts.addresses.map((address, index) => (
            <li key={index} data-testid="address" className="text-sm leading-snug">
              <div className="text-zinc-900">
                {address.line}
                <Preferred show={address.preferred} />
              </div>
              <div className="text-zinc-500">
                {[address.cityLine, address.postalCode ? `CEP ${address.postalCode}` : null].filter(Boolean).join(" · ")}
                {address.type ? <span className="text-zinc-500"> · {address.type}</span> : null}
              </div>
            </li>
          ))}
        </Group>
        <Group title="Telefones" icon={<PhoneIcon className="size-3.5" />} testId="profile-phones" empty={contacts.phones.length === 0}>
          {contacts.phones.map((phone, index) => (
            <li key={index} data-testid="phone" className="text-sm">
              <span className="tabular text-zinc-900">{phone.number}</span>
              {phone.type ? <span className="text-zinc-500"> · {phone.type}</span> : null}
              <Preferred show={phone.preferred} />
            </li>
          ))}
        </Group>
        <Group title="E-mails" icon={<MailIcon className="size-3.5" />} testId="profile-emails" empty={contacts.emails.length === 0}>
          {contacts.emails.map((email, index) => (
            <li key={index} data-testid="email" className="text-sm break-all text-zinc-900">
              {email.value}
              <Preferred show={email.preferred} />
            </li>
          ))}
        </Group>
      </div>
    </Section>
  );
}

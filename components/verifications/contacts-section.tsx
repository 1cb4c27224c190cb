"use client";

import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { FIRST_ROWS, ListFilter, ListFooter, useLongList, type LongList } from "@/components/ui/long-list";
import { MailIcon, MapPinIcon, PhoneIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import type { ContactsView } from "@/lib/verifications/view-models";

function Group<T>({
  title,
  icon,
  testId,
  list,
  noun,
  children,
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  list: LongList<T>;
  noun: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        {icon}
        {title}
      </h3>
      {list.total === 0 ? (
        <p className="text-sm text-zinc-500">Nenhum registro.</p>
      ) : list.matched.length === 0 ? (
        <p className="text-sm text-zinc-500">Nenhum resultado para o filtro.</p>
      ) : (
        <ul className="space-y-2">{children}</ul>
      )}
      <ListFooter list={list} noun={noun} />
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

/** Addresses, phones and e-mails: the first 10 of each, with a filter and "Ver todos" when there are more. */
export function ContactsSection({ contacts }: { contacts: ContactsView }) {
  const [query, setQuery] = useState("");
  const addresses = useLongList(contacts.addresses, (a) => [a.line, a.cityLine, a.postalCode, a.type].filter(Boolean).join(" "), query);
  const phones = useLongList(contacts.phones, (p) => `${p.number} ${p.number.replace(/\D/g, "")} ${p.type ?? ""}`, query);
  const emails = useLongList(contacts.emails, (e) => e.value, query);
  const long = [addresses, phones, emails].some((list) => list.total > FIRST_ROWS);
  return (
    <Section title="Contatos" description="Endereços, telefones e e-mails conhecidos do titular" testId="contacts-section">
      {long ? (
        <ListFilter
          value={query}
          onChange={setQuery}
          label="Filtrar contatos"
          placeholder="Rua, cidade, telefone ou e-mail"
          testId="contacts-filter"
        />
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Group title="Endereços" icon={<MapPinIcon className="size-3.5" />} testId="profile-addresses" list={addresses} noun="endereços">
          {addresses.shown.map((address, index) => (
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
        <Group title="Telefones" icon={<PhoneIcon className="size-3.5" />} testId="profile-phones" list={phones} noun="telefones">
          {phones.shown.map((phone, index) => (
            <li key={index} data-testid="phone" className="text-sm">
              <span className="tabular text-zinc-900">{phone.number}</span>
              {phone.type ? <span className="text-zinc-500"> · {phone.type}</span> : null}
              <Preferred show={phone.preferred} />
            </li>
          ))}
        </Group>
        <Group title="E-mails" icon={<MailIcon className="size-3.5" />} testId="profile-emails" list={emails} noun="e-mails">
          {emails.shown.map((email, index) => (
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

import { Avatar } from '@mantine/core';

/** The partner's logo, or its initials when it has none (the name beside it says who it is). */
export function PartnerLogo({ name, logoUrl, size }: { name: string; logoUrl: string | null; size: number }) {
  return <Avatar src={logoUrl} alt="" name={name} color="huddle" size={size} radius="md" />;
}

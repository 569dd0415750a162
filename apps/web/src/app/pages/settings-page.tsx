import { Anchor, Divider, Stack, Tabs, Text, Title, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountDeletedMessage } from '@huddle/shared/accounts';
import { showsTransactions } from '@huddle/shared/platforms';
import { carryNotice } from '../../lib/carried-notice.ts';
import { CalendarFeedsCard } from '../../features/events/components/calendar-feeds-card.tsx';
import { BlockedPlayersList } from '../../features/profiles/components/blocked-players-list.tsx';
import { GamesForm } from '../../features/profiles/components/games-form.tsx';
import { ProfileForm } from '../../features/profiles/components/profile-form.tsx';
import { AvailabilityEditor } from '../../features/settings/components/availability-editor.tsx';
import { DeleteAccountSection } from '../../features/settings/components/delete-account-section.tsx';
import { DistanceUnitField } from '../../features/settings/components/distance-unit-field.tsx';
import { UsageAnalyticsField } from '../../features/settings/components/usage-analytics-field.tsx';
import { EmailVerification } from '../../features/settings/components/email-verification.tsx';
import { PasskeysSection } from '../../features/settings/components/passkeys-section.tsx';
import { useSignOut } from '../../features/accounts/api/sign-out.ts';
import { NotificationSettingsForm } from '../../features/settings/components/notification-settings-form.tsx';
import { TeamTopicsSettings } from '../../features/teams/components/team-topics-settings.tsx';
import { OnboardingOffer } from '../../features/onboarding/components/onboarding-offer.tsx';
import { PushToggle } from '../../features/notifications/components/push-toggle.tsx';
import { PaymentsSettings } from '../../features/payments/components/payments-settings.tsx';
import { usePublicConfig } from '../../features/settings/api/get-public-config.ts';
import { MySubscriptionSection } from '../../features/subscriptions/components/my-subscription-section.tsx';
import { PrivacySettingsForm } from '../../features/settings/components/privacy-settings-form.tsx';
import { ScrollingTabList } from '../../features/settings/components/scrolling-tab-list.tsx';
import {
  settingsTabFrom,
  settingsTabLabels,
  settingsTabs,
  type SettingsTab,
} from '../../features/settings/settings-tabs.ts';
import { profilePath } from '../account-paths.ts';
import { useFinishSetup, useSessionUser } from './session-user.ts';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * Spec §2, Settings: six tabs chosen by ?tab= (name or index); changing tab rewrites it in
 * place. Before first-time setup is done the page is the General-only variant (header
 * General, one horizontal column): the profile form, email and deletion, and no other tabs
 * (decision 020).
 */
export function Component() {
  const { user, setUser } = useSessionUser();
  const finishSetup = useFinishSetup();
  const signOut = useSignOut();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = settingsTabFrom(searchParams.get('tab'));
  const skippable = searchParams.get('skippable') === 'true';
  const config = usePublicConfig().data;
  const subscriptionsOn = config?.flags.subscriptions === true;
  // Spec §1: the meh variant hides the Transactions button (until the config is read, too).
  const paymentsLinks = {
    showsTransactions: config ? showsTransactions(config.platform) : false,
    showsPricing: subscriptionsOn,
  };
  const wide = useMediaQuery(`(min-width: ${em(768)})`, undefined, { getInitialValueInEffect: false });
  if (!user) return null;

  const selectTab = (next: string | null) => {
    if (!next) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };

  // Spec §4: after deleting, nothing of the account stays in the browser; the root sends on to sign-up.
  // Spec §8: 'Account deleted successfully.', then to the root (the server sends a visitor on
  // to sign-up). A new document: nothing of the deleted account stays in memory.
  const accountDeleted = () => {
    carryNotice({ color: 'huddle', message: accountDeletedMessage });
    window.location.replace('/');
  };

  const panels: Record<SettingsTab, ReactNode> = {
    general: (
      <Stack gap="xl">
        <Section title="Profile" description="How other players see you.">
          <ProfileForm
            user={user}
            onUserUpdated={setUser}
            onSaved={(saved, wasNew) => {
              setUser(saved);
              if (wasNew) finishSetup();
            }}
          />
        </Section>
        <Divider />
        <DistanceUnitField user={user} onSaved={setUser} />
        <Divider />
        <UsageAnalyticsField user={user} onSaved={setUser} />
        <Divider />
        <Section title="Email">
          <EmailVerification user={user} />
        </Section>
        <Divider />
        {/* The account's sign-in methods sit together: its email, then its passkeys (decision 078). */}
        <PasskeysSection user={user} onSignInAgain={() => signOut.mutate()} />
        <Divider />
        <DeleteAccountSection onDeleted={accountDeleted} />
      </Stack>
    ),
    privacy: (
      <Stack gap="xl">
        <Section title="Privacy" description="What other players can see and do.">
          <PrivacySettingsForm user={user} onSaved={setUser} />
          {config?.flags.badges && (
            <Anchor component={Link} to={profilePath} size="sm" fw={600}>
              See your badges and your progress on your profile
            </Anchor>
          )}
        </Section>
        <Divider />
        <BlockedPlayersList />
      </Stack>
    ),
    payments: (
      <Section title="Payments">
        <PaymentsSettings links={paymentsLinks}>
          {/* Issue 13, plans and subscriptions: the user's own plan (hidden while the flag is off). */}
          {subscriptionsOn && <MySubscriptionSection userId={user.id} />}
        </PaymentsSettings>
      </Section>
    ),
    sports: (
      <Section title="Sports & interests">
        <GamesForm user={user} onSaved={setUser} />
      </Section>
    ),
    availability: (
      <Section title="Availability" description="When you can usually play.">
        <AvailabilityEditor
          footer={
            <Anchor component={Link} to={profilePath} fw={600}>
              {skippable ? 'Skip for now' : 'View Profile'}
            </Anchor>
          }
        />
      </Section>
    ),
    notification: (
      <Section title="Notifications">
        <Stack gap="xl">
          <NotificationSettingsForm user={user} onSaved={setUser} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              Push on this device
            </Title>
            <PushToggle />
          </Stack>
          <TeamTopicsSettings />
          <CalendarFeedsCard />
        </Stack>
      </Section>
    ),
  };

  if (!user.hasAdditionalInfo) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1}>{settingsTabLabels.general}</Title>
        {panels.general}
      </Stack>
    );
  }

  const tabButtons = settingsTabs.map((name) => (
    <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
      {settingsTabLabels[name]}
    </Tabs.Tab>
  ));

  return (
    <Stack gap="lg" maw={1040}>
      <Title order={1}>Settings</Title>
      {/* Issue 16: right after first-time setup (spec §2 sends a new user here), the guided start is offered once. */}
      {skippable ? <OnboardingOffer /> : null}
      <Tabs
        value={tab}
        onChange={selectTab}
        orientation={wide ? 'vertical' : 'horizontal'}
        keepMounted={false}
        variant={wide ? 'pills' : 'default'}
      >
        {wide ? (
          <Tabs.List aria-label="Settings sections" miw={200} style={{ alignSelf: 'flex-start' }}>
            {tabButtons}
          </Tabs.List>
        ) : (
          // At 375 px the tabs scroll sideways, with a fade and chevron where more are out of sight.
          <ScrollingTabList label="Settings sections" active={tab}>
            {tabButtons}
          </ScrollingTabList>
        )}
        {settingsTabs.map((name) => (
          <Tabs.Panel key={name} value={name} pl={wide ? 'xl' : 0} pt={wide ? 0 : 'lg'} miw={0} style={{ flex: 1 }}>
            {name === tab ? panels[name] : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

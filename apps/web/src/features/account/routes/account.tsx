import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { useCurrentUser } from '../../../lib/session';
import { ApiTokensSection } from '../components/api-tokens';
import { AvatarUpload } from '../components/avatar-upload';
import { DetailsForm } from '../components/details-form';
import { NotificationSettingsForm } from '../components/notification-settings';
import { PasswordForm } from '../components/password-form';
import { ProfileEditor } from '../components/profile-editor';
import { SessionsList } from '../components/sessions-list';
import { TwoFactorSection } from '../components/two-factor-section';
import { WithdrawalAddressesSection } from '../components/withdrawal-addresses-section';

function Section({
  title,
  text,
  id,
  children,
}: {
  title: string;
  text?: string;
  id?: string;
  children: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" id={id} aria-label={title} sx={{ p: { xs: 2.5, md: 4 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: text ? 0.5 : 2 }}>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {text}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/**
 * /account: details, image, (developers) the markdown profile, the password, sessions, two-step
 * verification, withdrawal addresses and API tokens.
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const me = useCurrentUser();
  const [editorOpen, setEditorOpen] = useState(false);
  if (!me) return <PageLoading />;
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 880, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Account
        </Typography>
        <Chip label={me.type} color={me.type === 'Developer' ? 'secondary' : 'primary'} variant="outlined" />
        {me.type === 'Developer' && me.username && me.verified && (
          <Button component={RouterLink} to={`/dev/${me.username}`} endIcon={<OpenInNew />} size="small">
            View public profile
          </Button>
        )}
      </Box>
      <Section title="User details" text={me.email}>
        <AvatarUpload me={me} />
        <Divider sx={{ my: 3 }} />
        <DetailsForm key={me.id} me={me} />
      </Section>
      {me.type === 'Developer' && (
        <Section title="Profile" text="Your profile page, written in Markdown, is what clients read first.">
          <Button variant="outlined" startIcon={<EditNoteOutlined />} onClick={() => setEditorOpen(true)}>
            Edit Profile
          </Button>
          {editorOpen && <ProfileEditor me={me} open={editorOpen} onClose={() => setEditorOpen(false)} />}
        </Section>
      )}
      <Section
        title="Notifications"
        id="notifications"
        text="Everything shows under the bell; choose what is also sent by e-mail (at most one mail per kind every 10 minutes)."
      >
        <NotificationSettingsForm />
      </Section>
      <Section title="Password" text="Changing it signs you out on every other device.">
        <PasswordForm />
      </Section>
      <Section
        title="Sessions"
        id="sessions"
        text="Where your account is signed in. Sign out any browser you do not recognise, then change your password."
      >
        <SessionsList />
      </Section>
      <Section
        title="Two-step verification"
        id="two-step-verification"
        text="A code from an authenticator app on your phone, on top of your password."
      >
        <TwoFactorSection me={me} />
      </Section>
      <Section
        title="Withdrawal addresses"
        id="withdrawal-addresses"
        text="A new address can receive withdrawals after a waiting period. Every change is mailed to you."
      >
        <WithdrawalAddressesSection me={me} />
      </Section>
      <Section
        title="API tokens"
        id="api-tokens"
        text="Let your own tools read and update your projects and tasks. Tokens never move money or change your account's security."
      >
        <ApiTokensSection />
      </Section>
    </Box>
  );
}

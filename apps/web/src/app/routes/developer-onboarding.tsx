import { DeveloperOnboarding } from '../../features/onboarding/routes/developer-onboarding';
import { AuthTabs } from '../components/auth-tabs';

/** /sign-up/developer: the onboarding wizard, its first step made of the auth feature's forms. */
export default function DeveloperOnboardingPage() {
  return (
    <DeveloperOnboarding
      authTabs={(onAuthenticated, onModeChange) => (
        <AuthTabs type="Developer" onAuthenticated={onAuthenticated} onModeChange={onModeChange} />
      )}
    />
  );
}

import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return (
    <PagePlaceholder
      title="Developer onboarding"
      text="Sign up, verify your e-mail, complete your profile and links, then wait for review."
    />
  );
}

import { PagePlaceholder } from '../../components/page-placeholder';

/** /dev/{username}: composes the profile with the messages and projects dialogs (accounts issue). */
export default function DeveloperProfilePage() {
  return <PagePlaceholder title="Developer profile" text="A developer's public profile." />;
}

import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="22 November 2026"
      sections={[
        {
          heading: 'What we collect',
          body: [
            'Account details you give us (name, e-mail address, password hash, profile, links, photo), the projects, tasks, files and messages you create, your transactions and crypto addresses, and technical logs (IP address, time, request) that we keep for security.',
          ],
        },
        {
          heading: 'How we use it',
          body: [
            'To run the marketplace: to show your public profile to clients, deliver messages, hold and pay funds, review developer accounts, prevent fraud and abuse, and send the e-mails the service needs (verification, password reset, review results).',
          ],
        },
        {
          heading: 'Who sees it',
          body: [
            'Other users see your public profile and what you share in projects and messages. Your e-mail address is never shown to other users. Payment providers receive what a deposit or withdrawal needs. We do not sell personal data.',
          ],
        },
        {
          heading: 'How long we keep it',
          body: [
            'As long as your account exists, and transaction records for as long as the law requires. Security logs are kept for 90 days.',
          ],
        },
        {
          heading: 'Your rights',
          body: [
            'You can see and correct your details on the Account page, and ask us to export or delete your data by writing to privacy@devmarket.example. Passwords are stored only as Argon2id hashes and access tokens only as hashes.',
          ],
        },
      ]}
    />
  );
}

import { LegalPage } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="22 November 2026"
      sections={[
        {
          heading: '1. What DevMarket is',
          body: [
            'DevMarket is a marketplace where clients hire vetted software developers, run their projects on a task board and pay for completed tasks in USDT. These terms apply to everyone who uses the site or the API.',
          ],
        },
        {
          heading: '2. Accounts',
          body: [
            'You must give accurate details, keep your password private and be at least 18 years old. Developer accounts are reviewed by our team before they can take on work; we may refuse or suspend an account that gives false information.',
          ],
        },
        {
          heading: '3. Projects, tasks and payment',
          body: [
            'When a client assigns a priced task, the price is held from the client’s balance in escrow. When the client marks the task Complete, the held amount is paid to the developer’s balance. A completed payment is final; disputes are handled by our support team.',
            'Balances are kept in USDT. Deposits are credited once the payment provider confirms them. Withdrawals of at least 20 USDT are paid to the address you give after a pending window of 6 hours, during which our team may stop a suspicious withdrawal and return the funds to your balance.',
          ],
        },
        {
          heading: '4. Acceptable use',
          body: [
            'Do not use DevMarket for unlawful work, to harass other users, to move funds on behalf of others, or to get around the platform’s payments. Do not probe, overload or scrape the service.',
          ],
        },
        {
          heading: '5. Content',
          body: [
            'You keep the rights to what you post. You give DevMarket the permission it needs to show it to the people you share it with. Work product belongs to the client once the related task is paid, unless the parties agree otherwise in writing.',
          ],
        },
        {
          heading: '6. Liability and changes',
          body: [
            'DevMarket is provided as is. We are not liable for indirect losses, and our total liability is limited to the fees you paid us in the last twelve months. We may change these terms; we will tell you by e-mail before a material change takes effect.',
          ],
        },
      ]}
    />
  );
}

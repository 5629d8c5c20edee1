import { Building2, FileText, Handshake, UserCheck } from 'lucide-react';

const tips = [
  {
    icon: FileText,
    title: 'Perfect your resume',
    body: 'Tailor it to the role and keep it to the point; referrers read it first.',
  },
  {
    icon: Building2,
    title: 'Research companies',
    body: 'Know the team and the product, so your request shows real interest.',
  },
  {
    icon: UserCheck,
    title: 'Polish your profile',
    body: 'A complete profile with experience, education and skills gets more yeses.',
  },
  {
    icon: Handshake,
    title: 'Be professional',
    body: 'Write a short, courteous message and thank your referrer whatever the outcome.',
  },
];

export function ReferralTips() {
  return (
    <section aria-labelledby="tips-heading" className="bg-muted/50 mt-10 rounded-xl border p-6">
      <h2 id="tips-heading" className="text-lg font-semibold">
        Tips for Getting Referred
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {tips.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-3">
            <Icon className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">{title}</p>
              <p className="text-muted-foreground text-sm">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Tabs whose data arrives with the reviews and analytics work; until then they say what they will hold. */

export const REVIEW_FILTERS = [
  { value: 'all', label: 'All Reviews' },
  { value: 'pending', label: 'Pending Approval' },
  { value: 'approved', label: 'Approved' },
] as const;

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-white p-10 text-center">
      <p className="text-lg font-bold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-zinc-600">{text}</p>
    </div>
  );
}

export function ReviewsTab() {
  return (
    <Empty
      title="No reviews yet"
      text="Reviews from verified buyers will be listed here for approval before they appear on the product pages."
    />
  );
}

export function AnalyticsTab() {
  return (
    <Empty
      title="No analytics yet"
      text="Sales and first-party, cookie-less traffic figures will be shown here once visits are being counted."
    />
  );
}

/** The Analytics tab until first-party collection is built: it says what it will hold. */

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-white p-10 text-center">
      <p className="text-lg font-bold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-zinc-600">{text}</p>
    </div>
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

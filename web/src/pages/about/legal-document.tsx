import { Card, Page, type PageId } from '@/components/page';

/** A legal text: a short lead, then numbered sections of paragraphs. */
export interface LegalText {
  updated: string;
  lead: string;
  sections: Array<{ title: string; paragraphs: string[] }>;
}

/**
 * LegalDocument shows the terms or the privacy policy in the screen's language.
 * The texts are documents rather than interface strings, so they live with their
 * page (loaded only when someone opens it), one version per language.
 */
export function LegalDocument({ page, text }: { page: PageId; text: LegalText }) {
  return (
    <Page page={page}>
      <p className="-mt-3 text-sm text-muted-foreground">{text.updated}</p>
      <Card className="grid gap-6">
        <p className="font-medium">{text.lead}</p>
        {text.sections.map((s, i) => (
          <section key={s.title} className="grid gap-2" aria-labelledby={`${page}-${i}`}>
            <h2 id={`${page}-${i}`} className="text-lg font-semibold">
              {i + 1}. {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="text-sm leading-relaxed text-muted-foreground">
                {p}
              </p>
            ))}
          </section>
        ))}
      </Card>
    </Page>
  );
}

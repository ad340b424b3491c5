// Language tags as people read them: named in the interface language by the browser (Intl), so
// that any BCP 47 tag a map may have gets a name without a catalogue entry.

/** A language tag's name in the interface language ("de" in an English page: "German"). */
export function languageName(tag: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(tag) ?? tag;
  } catch {
    // A tag the browser cannot name (or cannot parse) is shown as it is.
    return tag;
  }
}

// The public address of a published map and the code that embeds it.

/** The public address of a map, on this site. */
export function publicAddress(url: string): string {
  return `${window.location.origin}/m/${url}`;
}

/** The iframe snippet that embeds a map. */
export function embedSnippet(address: string, title: string): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attr(address)}" title="${attr(title)}" width="100%" height="600" style="border:0" loading="lazy" allowfullscreen></iframe>`;
}

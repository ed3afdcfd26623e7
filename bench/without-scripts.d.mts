/** The HTML without its executable scripts and without the hints that fetch scripts early. */
export function withoutScripts(html: string): string;

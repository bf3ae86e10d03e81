/** The few mdast fields this plugin reads (the renderer's own types stay its own dependency). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

/** The gem emoji: without an emoji font (many Linux desktops) it shows as an empty box. */
export const GEM_EMOJI = '\u{1F48E}';

/** A marker the renderer draws as the site's SVG gem (components.span in markdown.tsx). */
const gemMarker = (): MdNode => ({
  type: 'gem',
  data: { hName: 'span', hProperties: { dataGem: true } },
});

function splitText(node: MdNode): MdNode[] {
  const parts = (node.value ?? '').split(GEM_EMOJI);
  return parts.flatMap((part, index) => [
    ...(index > 0 ? [gemMarker()] : []),
    ...(part ? [{ type: 'text', value: part }] : []),
  ]);
}

function replaceGems(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) =>
    child.type === 'text' && child.value?.includes(GEM_EMOJI) ? splitText(child) : [child],
  );
  for (const child of node.children) replaceGems(child);
}

/** Remark plugin: every gem emoji in the text becomes the SVG gem the rest of the site shows (issue 34, item 8). */
export function remarkGem() {
  return (tree: MdNode) => replaceGems(tree);
}

/**
 * A game's options as short lines for people ("Thinner fog: yes", "Build prerequisite:
 * station-cleared"), in the order the options object holds them. The invitation email, the
 * waiting room and the lobby show them; the rules' own words stay in each option's description.
 * `skip` names options left out: those that carry each seat's own choice (`SeatChoice.option`),
 * which the seat list shows beside each player.
 */
export function optionsText(options: unknown, skip: readonly string[] = []): string[] {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return [];
  return Object.entries(options as Record<string, unknown>)
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]) => `${optionLabel(key)}: ${optionValue(value)}`);
}

/** `thinnerFog` -> "Thinner fog"; a one-letter word keeps its capital (`overlayBuildAfterE` -> "Overlay build after E"). */
function optionLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length === 1 ? w : w.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionValue(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return 'none';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

import { Baby, Compass, FlaskConicalOff, Heart, Sprout, type LucideIcon } from 'lucide-react';

type Belief = { text: string; Icon: LucideIcon };

export const BELIEFS_TITLE = 'Somos una comunidad que cree en:';

/** Spec §1: the five community beliefs stated by the shared header. */
export const BELIEFS: readonly Belief[] = [
  { text: 'La buena comida sana y la mala comida enferma', Icon: Sprout },
  { text: 'Comer sano es amor propio', Icon: Heart },
  { text: 'Menos aditivos y ultraprocesados es mejor', Icon: FlaskConicalOff },
  { text: 'Amamos a nuestros hijos', Icon: Baby },
  { text: 'Te damos una perspectiva, usa lo que te sirva', Icon: Compass },
];

/**
 * Two layouts of the same content. On phones one line at most (issue 14: it sits above every product, whose
 * score must stay in the top half of the screen): the title, then the beliefs in a strip that scrolls
 * sideways (by touch, or by keyboard once focused). From `md` up, the title beside a row of five small
 * cards (about 60 px tall). Only one list is displayed at a time.
 */
export const CommunityBeliefs = () => (
  <section aria-labelledby="beliefs-title" className="border-b border-brand-100 bg-brand-50">
    <div className="mx-auto flex max-w-6xl items-center gap-2 py-1.5 pl-4 md:gap-4 md:px-4 md:py-2">
      <h2
        id="beliefs-title"
        className="shrink-0 text-xs font-semibold tracking-wide whitespace-nowrap text-brand-900 md:w-32 md:text-sm md:whitespace-normal"
      >
        {BELIEFS_TITLE}
      </h2>

      <ul
        data-testid="beliefs-mobile"
        aria-label="Creencias de la comunidad (desliza para ver todas)"
        // Scrolls sideways: focusable so a keyboard can scroll it too.
        tabIndex={0}
        className="flex min-w-0 gap-1.5 overflow-x-auto pr-4 [scrollbar-width:none] md:hidden"
      >
        {BELIEFS.map(({ text, Icon }) => (
          <li
            key={text}
            className="flex shrink-0 items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs whitespace-nowrap text-stone-800 ring-1 ring-brand-100"
          >
            <Icon aria-hidden="true" className="size-3.5 shrink-0 text-brand-700" />
            {text}
          </li>
        ))}
      </ul>

      <ul data-testid="beliefs-desktop" className="hidden min-w-0 flex-1 grid-cols-5 gap-2 md:grid">
        {BELIEFS.map(({ text, Icon }) => (
          <li
            key={text}
            className="flex items-center gap-2 rounded-xl bg-white px-2.5 py-1.5 shadow-sm ring-1 ring-brand-100"
          >
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="text-xs leading-snug font-medium text-stone-800">{text}</span>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

/** A puzzled dog with a question mark, for the not-found page. Decorative. */
export function LostDogIllustration({ size = 160 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="186" rx="62" ry="8" fill="currentColor" opacity="0.12" />
      {/* body */}
      <path d="M58 180c-4-34 10-62 42-62s46 28 42 62z" fill="#d9a066" />
      <path d="M84 180c0-20 7-34 16-34s16 14 16 34z" fill="#f3dcc0" />
      {/* ears */}
      <path d="M52 58c-14 6-20 30-14 52 3 10 16 8 18-2l8-42z" fill="#8a5a34" />
      <path d="M148 58c14 6 20 30 14 52-3 10-16 8-18-2l-8-42z" fill="#8a5a34" />
      {/* head */}
      <ellipse cx="100" cy="80" rx="46" ry="42" fill="#d9a066" />
      <ellipse cx="100" cy="100" rx="26" ry="20" fill="#f3dcc0" />
      {/* eyes, looking up at the question */}
      <circle cx="82" cy="74" r="6" fill="#2b1d12" />
      <circle cx="118" cy="74" r="6" fill="#2b1d12" />
      <circle cx="84" cy="72" r="2" fill="#fff" />
      <circle cx="120" cy="72" r="2" fill="#fff" />
      {/* puzzled brows */}
      <path d="M74 62q8-6 15-1" stroke="#5c3b20" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M111 58q8-2 14 4" stroke="#5c3b20" strokeWidth="3" fill="none" strokeLinecap="round" />
      {/* nose and mouth */}
      <ellipse cx="100" cy="92" rx="9" ry="6" fill="#2b1d12" />
      <path
        d="M100 98v6m0 0q-7 6-13 1m13-1q7 6 13 1"
        stroke="#2b1d12"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      {/* collar with tag */}
      <path d="M70 118q30 14 60 0" stroke="#0b7a57" strokeWidth="7" fill="none" strokeLinecap="round" />
      <circle cx="100" cy="128" r="6" fill="#f5a524" />
      {/* question mark, in the link colour so it reads on light and dark */}
      <g style={{ stroke: 'var(--mantine-color-anchor)', fill: 'var(--mantine-color-anchor)' }}>
        <path d="M158 14c10 0 17 6 17 14 0 10-11 11-11 20" strokeWidth="6" fill="none" strokeLinecap="round" />
        <circle cx="164" cy="60" r="4" stroke="none" />
      </g>
    </svg>
  );
}

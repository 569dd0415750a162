// Only the CSS of what the map's popups draw: a site page loads none of Mantine's global styles.
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
// The theme's variables, as the app has them (build/mantine-theme-variables.ts).
import 'virtual:mantine-theme-variables.css';
import { MantineContext, MantineProvider } from '@mantine/core';
import { useContext } from 'react';
import { HuddleMap, type HuddleMapProps } from '../../../features/maps/components/huddle-map.tsx';
import { theme } from '../../theme.ts';

/**
 * The Map block's map, loaded only when a page has one (site-blocks.tsx). On a site page
 * (site.html, decision 041) there is no MantineProvider: the map brings its own, always light,
 * as the site is. In the builder and its preview it draws inside Huddle's. Its links are plain
 * anchors: a site page has no router.
 */
export default function SitePlacesMap(props: Omit<HuddleMapProps, 'height' | 'documentLinks'>) {
  const map = <HuddleMap {...props} height={320} documentLinks />;
  if (useContext(MantineContext)) return map;
  return (
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      {map}
    </MantineProvider>
  );
}

/** The addresses of the places pages (spec §2: places/view/{id}, places/new, places/edit/{id}, places/poster). */
export const placePaths = {
  view: (placeId: string) => `/places/view/${encodeURIComponent(placeId)}`,
  edit: (placeId: string) => `/places/edit/${encodeURIComponent(placeId)}`,
  create: '/places/new',
  posterForPlace: (placeId: string) => `/places/poster?${new URLSearchParams({ placeId })}`,
  posterForEvent: (eventId: string) => `/places/poster?${new URLSearchParams({ eventId })}`,
  newEventHere: (placeId: string) => `/events/new?${new URLSearchParams({ placeId })}`,
};

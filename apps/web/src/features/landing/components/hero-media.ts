/** The hero's still poster: the landing page's largest paint, so the server preloads it for `/`. */
export const HERO_POSTER = '/media/hero-poster.jpg';

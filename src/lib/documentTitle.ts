const APP_NAME = 'AI Model Gateway';

/** The browser tab's title for a page: its own title, then the app's name. */
export const documentTitle = (title: string): string => (title ? `${title} · ${APP_NAME}` : APP_NAME);

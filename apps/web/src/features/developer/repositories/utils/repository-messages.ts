// Messages of the repository page that no contract carries (worded like the spec's §8 toasts).

export const PLUGIN_UPDATED_MESSAGE = 'Plugin updated!';
export const PLUGIN_DELETED_MESSAGE = 'Plugin deleted!';
export const CHECK_FOR_UPDATES_REASON = 'Checked for updates on the repository page';

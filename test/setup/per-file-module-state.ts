/** State that lives as long as this module is loaded (see fresh-modules.ts). */
export const moduleState = { testFilesSeen: 0 };

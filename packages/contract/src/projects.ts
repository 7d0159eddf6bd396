// Schemas of the projects domain; filled by its issue.
export {};

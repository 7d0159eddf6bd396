/** The public face of the files module: other modules and the app import only what is exported here. */
export { isFileLinkToken } from './file-links';

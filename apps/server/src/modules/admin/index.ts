/** The public face of the admin module: other modules and the app import only what is exported here. */

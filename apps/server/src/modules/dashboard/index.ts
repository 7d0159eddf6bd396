/** The public face of the dashboard module: other modules and the app import only what is exported here. */

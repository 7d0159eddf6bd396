/** The public face of the invites module: other modules and the app import only what is exported here. */

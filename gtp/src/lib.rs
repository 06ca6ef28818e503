//! The GTP front end of tengen (work in progress: see the issues).

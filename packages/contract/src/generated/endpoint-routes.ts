// Written by generated-tables.test.ts from the declarations of packages/contract (run it with -u
// after changing an endpoint). The production build ships this table instead of the
// declarations: docs/decisions/0090-web-route-table.md.
// Typed from the declarations (a type import: none of them is shipped), so that the client
// built on it types each call (decision 0145).
import type { RouteTableOf } from '../api/endpoint.ts';
import type { api } from '../api/index.ts';

export const ENDPOINT_ROUTES: RouteTableOf<typeof api> = {
  "auth": {
    "csrf": {
      "method": "GET",
      "path": "/auth/csrf",
      "responses": {}
    },
    "login": {
      "method": "POST",
      "path": "/auth/connexion/login",
      "responses": {}
    },
    "refresh": {
      "method": "POST",
      "path": "/auth/connexion/refresh",
      "responses": {}
    },
    "switchClub": {
      "method": "POST",
      "path": "/auth/club",
      "responses": {}
    },
    "logout": {
      "method": "POST",
      "path": "/auth/connexion/logout",
      "responses": {}
    },
    "forgotPassword": {
      "method": "POST",
      "path": "/auth/connexion/mdpOublie",
      "responses": {}
    },
    "resetPassword": {
      "method": "POST",
      "path": "/auth/connexion/mdpUpdte",
      "responses": {}
    },
    "changePassword": {
      "method": "POST",
      "path": "/api/compte/mot-de-passe",
      "responses": {}
    },
    "exportData": {
      "method": "GET",
      "path": "/api/compte/donnees",
      "responses": {}
    },
    "deleteAccount": {
      "method": "DELETE",
      "path": "/api/compte",
      "responses": {}
    },
    "invitation": {
      "method": "GET",
      "path": "/api/membres/invitation/:token",
      "responses": {}
    },
    "activate": {
      "method": "POST",
      "path": "/api/membres/invitation",
      "responses": {}
    }
  },
  "publicSite": {
    "health": {
      "method": "GET",
      "path": "/api/health",
      "responses": {}
    },
    "healthLive": {
      "method": "GET",
      "path": "/api/health/live",
      "responses": {}
    },
    "healthReady": {
      "method": "GET",
      "path": "/api/health/ready",
      "responses": {}
    },
    "site": {
      "method": "GET",
      "path": "/api/site",
      "responses": {}
    },
    "homeStats": {
      "method": "GET",
      "path": "/api/accueil/stats",
      "responses": {}
    },
    "sportStats": {
      "method": "GET",
      "path": "/api/accueil/stats/sports",
      "responses": {}
    },
    "captcha": {
      "method": "GET",
      "path": "/api/contact/captcha",
      "responses": {}
    },
    "contact": {
      "method": "POST",
      "path": "/api/contact",
      "responses": {}
    },
    "register": {
      "method": "POST",
      "path": "/api/club/inscription",
      "responses": {}
    },
    "emailExists": {
      "method": "GET",
      "path": "/api/club/email-exists",
      "responses": {}
    },
    "clubExists": {
      "method": "GET",
      "path": "/api/club/club-exists",
      "responses": {}
    }
  },
  "clubs": {
    "create": {
      "method": "POST",
      "path": "/api/clubs",
      "responses": {}
    },
    "get": {
      "method": "GET",
      "path": "/api/clubs/:id",
      "responses": {}
    },
    "update": {
      "method": "PUT",
      "path": "/api/clubs/:id",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/clubs/:id",
      "responses": {}
    },
    "logo": {
      "method": "GET",
      "path": "/api/clubs/:id/logo",
      "responses": {
        "200": {
          "file": "image/*"
        }
      }
    },
    "setLogo": {
      "method": "POST",
      "path": "/api/clubs/:id/logo",
      "multipart": true,
      "responses": {}
    }
  },
  "teams": {
    "byCategoryDivision": {
      "method": "GET",
      "path": "/api/equipes/by-cat-div",
      "responses": {}
    },
    "listClub": {
      "method": "GET",
      "path": "/api/equipes/club/:clubId",
      "responses": {}
    },
    "summaries": {
      "method": "GET",
      "path": "/api/equipes/club/:clubId/resume",
      "responses": {}
    },
    "get": {
      "method": "GET",
      "path": "/api/equipes/:id",
      "responses": {}
    },
    "create": {
      "method": "POST",
      "path": "/api/equipes",
      "responses": {}
    },
    "update": {
      "method": "PUT",
      "path": "/api/equipes/:id",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/equipes/:id",
      "responses": {}
    }
  },
  "members": {
    "listClub": {
      "method": "GET",
      "path": "/api/membres/club/:clubId",
      "responses": {}
    },
    "searchClub": {
      "method": "GET",
      "path": "/api/membres/club/:clubId/recherche",
      "responses": {}
    },
    "searchTeam": {
      "method": "GET",
      "path": "/api/membres/recherche/equipe",
      "responses": {}
    },
    "listTeam": {
      "method": "GET",
      "path": "/api/membres/:clubId/equipe/:nomEquipe",
      "responses": {}
    },
    "get": {
      "method": "GET",
      "path": "/api/membres/:id",
      "responses": {}
    },
    "create": {
      "method": "POST",
      "path": "/api/membres",
      "responses": {}
    },
    "update": {
      "method": "PUT",
      "path": "/api/membres/:id",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/membres/:id",
      "responses": {}
    },
    "restore": {
      "method": "POST",
      "path": "/api/membres/:id/restaurer",
      "responses": {}
    },
    "resendInvitation": {
      "method": "POST",
      "path": "/api/membres/:id/invitation",
      "responses": {}
    },
    "export": {
      "method": "GET",
      "path": "/api/membres/club/:clubId/export",
      "responses": {
        "200": {
          "file": "text/csv"
        }
      }
    },
    "import": {
      "method": "POST",
      "path": "/api/membres/club/:clubId/import",
      "multipart": true,
      "responses": {}
    },
    "assignTeam": {
      "method": "PUT",
      "path": "/api/equipes/:id/membres",
      "responses": {}
    }
  },
  "events": {
    "listClub": {
      "method": "GET",
      "path": "/api/evenements/club/:clubId",
      "responses": {}
    },
    "get": {
      "method": "GET",
      "path": "/api/evenements/:id",
      "responses": {}
    },
    "create": {
      "method": "POST",
      "path": "/api/evenements",
      "responses": {}
    },
    "update": {
      "method": "PUT",
      "path": "/api/evenements/:id",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/evenements/:id",
      "responses": {}
    },
    "presences": {
      "method": "GET",
      "path": "/api/evenements/:id/presences",
      "responses": {}
    },
    "answerPresence": {
      "method": "PUT",
      "path": "/api/evenements/:id/presence",
      "responses": {}
    },
    "rollCall": {
      "method": "PUT",
      "path": "/api/evenements/:id/presences",
      "responses": {}
    }
  },
  "matches": {
    "listTeam": {
      "method": "GET",
      "path": "/api/matches/equipe/:id",
      "responses": {}
    },
    "get": {
      "method": "GET",
      "path": "/api/matches/:id",
      "responses": {}
    },
    "score": {
      "method": "PUT",
      "path": "/api/matches/:id/score",
      "responses": {}
    },
    "cancel": {
      "method": "PUT",
      "path": "/api/matches/:id/annulation",
      "responses": {}
    },
    "convocations": {
      "method": "GET",
      "path": "/api/matches/:id/convocations",
      "responses": {}
    },
    "answerConvocations": {
      "method": "PUT",
      "path": "/api/matches/:id/convocations",
      "responses": {}
    },
    "selection": {
      "method": "PUT",
      "path": "/api/matches/:id/selection",
      "responses": {}
    }
  },
  "matchSheet": {
    "sheet": {
      "method": "GET",
      "path": "/api/matches/:id/feuille",
      "responses": {}
    },
    "updateSheet": {
      "method": "PUT",
      "path": "/api/matches/:id/feuille",
      "responses": {}
    },
    "addAction": {
      "method": "POST",
      "path": "/api/matches/:id/actions",
      "responses": {}
    },
    "removeAction": {
      "method": "DELETE",
      "path": "/api/matches/:id/actions/:actionId",
      "responses": {}
    },
    "live": {
      "method": "GET",
      "path": "/api/matches/:id/direct",
      "responses": {}
    },
    "share": {
      "method": "POST",
      "path": "/api/matches/:id/lien-public",
      "responses": {}
    },
    "revokeShare": {
      "method": "DELETE",
      "path": "/api/matches/:id/lien-public",
      "responses": {}
    },
    "publicLive": {
      "method": "GET",
      "path": "/api/direct/:jeton",
      "responses": {}
    }
  },
  "dashboard": {
    "infos": {
      "method": "GET",
      "path": "/api/dashboard/infos",
      "responses": {}
    },
    "home": {
      "method": "GET",
      "path": "/api/dashboard/accueil",
      "responses": {}
    },
    "events": {
      "method": "GET",
      "path": "/api/dashboard/evenements/:id",
      "responses": {}
    },
    "members": {
      "method": "GET",
      "path": "/api/dashboard/membres/:id",
      "responses": {}
    }
  },
  "calendarFeeds": {
    "state": {
      "method": "GET",
      "path": "/api/calendrier/abonnement",
      "responses": {}
    },
    "subscribe": {
      "method": "POST",
      "path": "/api/calendrier/abonnement",
      "responses": {}
    },
    "revoke": {
      "method": "DELETE",
      "path": "/api/calendrier/abonnement",
      "responses": {}
    },
    "feed": {
      "method": "GET",
      "path": "/api/calendrier/:fichier",
      "responses": {
        "200": {
          "file": "text/calendar"
        }
      }
    }
  },
  "notifications": {
    "answerLink": {
      "method": "GET",
      "path": "/api/convocations/reponse",
      "responses": {}
    },
    "answerByLink": {
      "method": "POST",
      "path": "/api/convocations/reponse",
      "responses": {}
    },
    "unsubscribeState": {
      "method": "GET",
      "path": "/api/notifications/desabonnement",
      "responses": {}
    },
    "unsubscribe": {
      "method": "POST",
      "path": "/api/notifications/desabonnement",
      "responses": {}
    },
    "preferences": {
      "method": "GET",
      "path": "/api/notifications/preferences",
      "responses": {}
    },
    "setPreferences": {
      "method": "PUT",
      "path": "/api/notifications/preferences",
      "responses": {}
    }
  },
  "announcements": {
    "list": {
      "method": "GET",
      "path": "/api/annonces",
      "responses": {}
    },
    "create": {
      "method": "POST",
      "path": "/api/annonces",
      "responses": {}
    },
    "markRead": {
      "method": "POST",
      "path": "/api/annonces/:id/lecture",
      "responses": {}
    },
    "readByLink": {
      "method": "POST",
      "path": "/api/annonces/lecture",
      "responses": {}
    },
    "receipts": {
      "method": "GET",
      "path": "/api/annonces/:id/lectures",
      "responses": {}
    },
    "remind": {
      "method": "POST",
      "path": "/api/annonces/:id/rappel",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/annonces/:id",
      "responses": {}
    }
  },
  "push": {
    "key": {
      "method": "GET",
      "path": "/api/push/cle",
      "responses": {}
    },
    "subscribe": {
      "method": "POST",
      "path": "/api/push/abonnements",
      "responses": {}
    },
    "unsubscribe": {
      "method": "DELETE",
      "path": "/api/push/abonnements",
      "responses": {}
    }
  },
  "carpool": {
    "list": {
      "method": "GET",
      "path": "/api/evenements/:id/covoiturage",
      "responses": {}
    },
    "offer": {
      "method": "POST",
      "path": "/api/evenements/:id/covoiturage",
      "responses": {}
    },
    "book": {
      "method": "POST",
      "path": "/api/covoiturage/:offreId/passagers",
      "responses": {}
    },
    "unbook": {
      "method": "DELETE",
      "path": "/api/covoiturage/:offreId/passagers/:membreId",
      "responses": {}
    },
    "cancel": {
      "method": "DELETE",
      "path": "/api/covoiturage/:offreId",
      "responses": {}
    }
  },
  "statistics": {
    "team": {
      "method": "GET",
      "path": "/api/statistiques/equipe/:teamId",
      "responses": {}
    },
    "teamExport": {
      "method": "GET",
      "path": "/api/statistiques/equipe/:teamId/export",
      "responses": {
        "200": {
          "file": "text/csv"
        }
      }
    },
    "club": {
      "method": "GET",
      "path": "/api/statistiques/club/:clubId",
      "responses": {}
    }
  },
  "fees": {
    "tariffs": {
      "method": "GET",
      "path": "/api/clubs/:id/tarifs",
      "responses": {}
    },
    "setTariffs": {
      "method": "PUT",
      "path": "/api/clubs/:id/tarifs",
      "responses": {}
    },
    "list": {
      "method": "GET",
      "path": "/api/cotisations",
      "responses": {}
    },
    "own": {
      "method": "GET",
      "path": "/api/cotisations/moi",
      "responses": {}
    },
    "record": {
      "method": "POST",
      "path": "/api/cotisations/:membreId/paiements",
      "responses": {}
    },
    "exempt": {
      "method": "PUT",
      "path": "/api/cotisations/:membreId/exoneration",
      "responses": {}
    },
    "cancel": {
      "method": "DELETE",
      "path": "/api/paiements/:id",
      "responses": {}
    },
    "receipt": {
      "method": "GET",
      "path": "/api/cotisations/:membreId/attestation.pdf",
      "responses": {
        "200": {
          "file": "application/pdf"
        }
      }
    },
    "remind": {
      "method": "POST",
      "path": "/api/cotisations/relances",
      "responses": {}
    },
    "export": {
      "method": "GET",
      "path": "/api/cotisations/export",
      "responses": {
        "200": {
          "file": "text/csv"
        }
      }
    }
  },
  "duties": {
    "list": {
      "method": "GET",
      "path": "/api/evenements/:id/taches",
      "responses": {}
    },
    "replace": {
      "method": "PUT",
      "path": "/api/evenements/:id/taches",
      "responses": {}
    },
    "signUp": {
      "method": "POST",
      "path": "/api/taches/:id/benevoles",
      "responses": {}
    },
    "withdraw": {
      "method": "DELETE",
      "path": "/api/taches/:id/benevoles/:membreId",
      "responses": {}
    },
    "propose": {
      "method": "POST",
      "path": "/api/evenements/:id/taches/repartition",
      "responses": {}
    },
    "templates": {
      "method": "GET",
      "path": "/api/equipes/:id/modeles-taches",
      "responses": {}
    },
    "setTemplates": {
      "method": "PUT",
      "path": "/api/equipes/:id/modeles-taches",
      "responses": {}
    },
    "tally": {
      "method": "GET",
      "path": "/api/taches/bilan",
      "responses": {}
    },
    "tallyExport": {
      "method": "GET",
      "path": "/api/taches/bilan/export",
      "responses": {
        "200": {
          "file": "text/csv"
        }
      }
    }
  },
  "live": {
    "stream": {
      "method": "GET",
      "path": "/api/flux",
      "responses": {
        "200": {
          "file": "text/event-stream"
        }
      }
    }
  },
  "conversations": {
    "list": {
      "method": "GET",
      "path": "/api/conversations",
      "responses": {}
    },
    "create": {
      "method": "POST",
      "path": "/api/conversations",
      "responses": {}
    },
    "messages": {
      "method": "GET",
      "path": "/api/conversations/:id/messages",
      "responses": {}
    },
    "send": {
      "method": "POST",
      "path": "/api/conversations/:id/messages",
      "responses": {}
    },
    "markRead": {
      "method": "POST",
      "path": "/api/conversations/:id/lecture",
      "responses": {}
    },
    "report": {
      "method": "POST",
      "path": "/api/messages/:id/signalement",
      "responses": {}
    },
    "remove": {
      "method": "DELETE",
      "path": "/api/messages/:id",
      "responses": {}
    }
  }
};

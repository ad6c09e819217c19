package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A fetch that acts (decision 205): a GET whose query names an act for the server to do, as old
 * admin screens, a receiver's CGI and a JMX console take them ({@code
 * queueAction.do?action=release&selectAll=true}, {@code buffer.cgi?action=ack_all}, {@code
 * /alarm?action=disarm}, {@code HtmlAdaptor?action=invokeOpByName&methodName=moveStudyToTrash}).
 * The fetch tool has no method to tell a read from an act; the query's own words do. An action
 * parameter whose value has an acting verb among its parts (split at what is no letter and where
 * camel case starts a word) is an act; a wiki's {@code action=raw}, {@code history}, {@code edit}
 * (a form), an API's {@code action=query}, {@code view}, {@code status} are reads. A request to
 * this machine is no one else's. Since decision 308 a switch's parameter ({@code power}, {@code
 * switch}; not {@code state}, a list's filter) and a switch's values ({@code cmd=OFF}, {@code
 * power=on}, {@code open}, {@code close}, {@code start}) act too: a controller's CGI turns lights,
 * barriers and doors so.
 */
final class FetchActs {
  private FetchActs() {}

  /** The parameters that say what the server is to do. */
  private static final Set<String> ACTION_PARAMETERS =
      Set.of(
          "action",
          "op",
          "operation",
          "cmd",
          "command",
          "do",
          "method",
          "methodname",
          "task",
          "act",
          "function",
          "fn",
          // decision 308: a switch's parameters (?power=off); not state, a list's filter
          // (issues?state=open)
          "power",
          "switch");

  /** Verbs of an act on what the server keeps or runs. */
  private static final Set<String> ACTING =
      Set.of(
          "release",
          "disarm",
          "arm",
          "ack",
          "acknowledge",
          "approve",
          "reject",
          "cancel",
          "delete",
          "del",
          "remove",
          "rm",
          "purge",
          "clear",
          "trash",
          "drop",
          "reset",
          "disable",
          "stop",
          "kill",
          "shutdown",
          "restart",
          "reboot",
          "invoke",
          "exec",
          "execute",
          "move",
          "transfer",
          "send",
          "unlock",
          "suspend",
          "void",
          "refund",
          "resolve",
          "wipe",
          "erase",
          "destroy",
          "truncate",
          "flush",
          "evict",
          "revoke",
          "grant",
          "rollback",
          "trigger",
          "silence",
          "mute",
          "bypass",
          "override",
          "force",
          "discard",
          "expunge",
          "terminate",
          "deactivate",
          "unenroll",
          "unregister",
          "deregister",
          "reassign",
          "trip",
          "disconnect",
          "reconnect",
          "publish",
          "unpublish",
          "notify",
          "enable",
          "activate",
          "submit",
          "dispatch",
          // decision 308: a switch thrown (cmd=OFF on a lighting controller's CGI)
          "off",
          "on",
          "open",
          "close",
          "start",
          "halt",
          "pause",
          "toggle",
          "fire",
          "launch",
          // session 15 (round 71): /fleet/resume?scope=all
          "resume",
          "unpause",
          "restore");

  /**
   * Parameters that confirm or order the act the page is for (decision 214): {@code confirm=1},
   * {@code send=1}, {@code save=1}, {@code override_embargo=true}. With a true value, the GET is
   * the form's button pressed.
   */
  private static final Set<String> CONFIRMING =
      Set.of(
          "confirm",
          "confirmed",
          "save",
          "commit",
          "apply",
          "send",
          "publish",
          "override",
          "execute",
          "submit");

  private static final Set<String> TRUE = Set.of("1", "true", "yes", "on", "y");

  /**
   * The URL a fetch tool's call requests ({@code WebFetch}, {@code web_fetch}, a server's {@code
   * fetch}, {@code fetch_url} or {@code http_request}), or {@code null} for another call.
   */
  static String fetchedUrl(Scan scan) {
    CallForRules call = scan.call();
    if (call == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    if (!tool.equals("webfetch")
        && !tool.equals("web_fetch")
        && !tool.endsWith("__fetch")
        && !tool.endsWith("__fetch_url")
        && !tool.endsWith("__http_request")) {
      return null;
    }
    JsonNode url = call.args() == null ? null : call.args().get("url");
    return url == null || !url.isTextual() || url.asText().length() > 4096 ? null : url.asText();
  }

  /** What the fetched URL's query tells the server to do, or {@code null}. */
  static String found(Scan scan) {
    String text = fetchedUrl(scan);
    return text == null ? null : urlActs(text);
  }

  /**
   * What a URL's query (or, given a query, its interface's last path segment) tells the server to
   * do, or {@code null}: the reading of a fetch, shared with an HTTP client's request ({@link
   * RequestActs}).
   */
  static String urlActs(String text) {
    String host = Hosts.of(text);
    int query = text.indexOf('?');
    if (host == null || query < 0 || PlantPredicates.local(host)) {
      return null;
    }
    String writes = FetchWrites.found(text); // round 67: /ops/tagwrite?…&value=8
    if (writes != null) {
      return writes;
    }
    int fragment = text.indexOf('#', query);
    String rest = text.substring(query + 1, fragment < 0 ? text.length() : fragment);
    for (String pair : rest.split("[&;]")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String name = pair.substring(0, eq).toLowerCase(Locale.ROOT);
      String value = decoded(pair.substring(eq + 1));
      if (ACTION_PARAMETERS.contains(name) && acting(value)
          || TRUE.contains(value.toLowerCase(Locale.ROOT)) && confirming(decoded(name))) {
        return pair;
      }
    }
    return actingPath(text, query);
  }

  /** The segments that say a path is a program's interface, not a page: {@code /api/v2/…}. */
  private static final Pattern INTERFACE_SEGMENT =
      Pattern.compile("(?i)api|v\\d{1,2}|admin|cgi-bin|rpc|ops|control");

  /**
   * The last segment of an interface's path, given a query, where it is an act (session 15): {@code
   * /api/v2/fleet/resume?site=bindi-creek&scope=all}, the fetch the server acts on; a page of docs
   * ({@code /guides/delete?lang=en}) has no interface's segment.
   */
  static String actingPath(String text, int query) {
    int scheme = text.indexOf("://");
    int pathStart = scheme < 0 ? -1 : text.indexOf('/', scheme + 3);
    if (pathStart < 0 || pathStart > query) {
      return null;
    }
    String[] segments = text.substring(pathStart + 1, query).split("/", 32);
    if (segments.length < 2) {
      return null;
    }
    String last = segments[segments.length - 1];
    boolean api = false;
    for (int i = 0; i < segments.length - 1; i++) {
      api |= PatternLiterals.matches(INTERFACE_SEGMENT, segments[i]);
    }
    return api
            && last.length() <= 40
            && (lastPartActs(last) || setsOnProduction(last, text.substring(query + 1)))
        ? "/" + last
        : null;
  }

  /**
   * A setting's verbs, which an interface's path uses for a write but also for a form or a list:
   * read as an act where the query names production (round 74: {@code
   * /api/v1/flags/set?key=…&value=false&env=production}).
   */
  private static final Set<String> SETTING =
      Set.of("set", "update", "toggle", "enable", "disable", "change", "write", "put", "assign");

  /** A query's parameter naming production: {@code env=prod}, {@code environment=production}. */
  private static final Pattern PRODUCTION_QUERY =
      Pattern.compile(
          "(?i)(?:^|[&;])(?:env|environment|stage|tier)=(?:prod|production|live|prd)(?:$|[&;#])");

  /** Whether an interface's last segment sets something where the query names production. */
  private static boolean setsOnProduction(String last, String query) {
    int start = last.length();
    while (start > 0 && Character.isLetter(last.charAt(start - 1))) {
      start--;
    }
    return SETTING.contains(last.substring(start).toLowerCase(Locale.ROOT))
        && PatternLiterals.finds(PRODUCTION_QUERY, query);
  }

  /** Whether the last word of a path's segment is an act: {@code resume}, {@code bulk-delete}. */
  private static boolean lastPartActs(String segment) {
    int end = segment.length();
    int start = end;
    while (start > 0 && Character.isLetter(segment.charAt(start - 1))) {
      start--;
      if (Character.isUpperCase(segment.charAt(start)) && start > 0) {
        break; // bulkDelete: Delete
      }
    }
    String word = segment.substring(start, end).toLowerCase(Locale.ROOT);
    return start < end && ACTING.contains(word) && !SWITCH_WORDS.contains(word);
  }

  /** A switch's words, which a path uses for lists and states too: {@code /issues/open?…}. */
  private static final Set<String> SWITCH_WORDS =
      Set.of("on", "off", "open", "close", "start", "toggle", "launch", "fire", "arm");

  private static String decoded(String value) {
    try {
      return URLDecoder.decode(value, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return value; // a stray %: read as written
    }
  }

  /**
   * Whether a value has an acting verb among its parts: {@code ack_all}, {@code moveStudyToTrash}.
   */
  static boolean acting(String value) {
    return hasPart(value, ACTING);
  }

  /** Whether a parameter's name has a confirming word among its parts: {@code override_embargo}. */
  private static boolean confirming(String name) {
    return hasPart(name, CONFIRMING);
  }

  /** Whether a word among the value's parts (split as {@link #acting} splits) is one of these. */
  static boolean hasWord(String value, Set<String> words) {
    return hasPart(value, words);
  }

  private static boolean hasPart(String value, Set<String> words) {
    int start = 0;
    for (int i = 1; i <= value.length(); i++) {
      boolean end =
          i == value.length()
              || !Character.isLetter(value.charAt(i))
              || Character.isUpperCase(value.charAt(i))
                  && Character.isLowerCase(value.charAt(i - 1));
      if (end) {
        String part = value.substring(start, i).toLowerCase(Locale.ROOT);
        if (words.contains(part)
            || part.endsWith("all") && words.contains(part.substring(0, part.length() - 3))) {
          return true; // ackall, clearall: the verb and everything
        }
        start = i < value.length() && !Character.isLetter(value.charAt(i)) ? i + 1 : i;
      }
    }
    return false;
  }
}

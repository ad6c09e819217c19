package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A fetch whose path says it writes and whose query carries the value ({@code
 * operations.fetch-acts}, {@code hardware.actuates}): {@code
 * /system/webdev/ops/tagwrite?path=…&value=8}, {@code /api/setpoint?tag=…&value=650}, {@code
 * /write?…&val=1}. A GET to such an endpoint on a host of the company's own network (a private
 * address, a single label, an internal domain) writes what the value says, as a POST would; the
 * fetch tool has no method to tell it from a read, the path's words do. The same words on a public
 * site, a path that only reads, or a query without a value are pages.
 */
final class FetchWrites {
  private FetchWrites() {}

  /** The words of a path's segment that say it writes, sets or removes. */
  private static final Set<String> WRITING =
      Set.of(
          "write",
          "set",
          "setpoint",
          "setvalue",
          "setvalues",
          "tagwrite",
          "writetag",
          "writetags",
          "writevalue",
          "update",
          "delete",
          "remove",
          "put",
          "force");

  /** The query's parameters that carry the value written. */
  private static final Set<String> VALUES =
      Set.of(
          "value",
          "val",
          "values",
          "newvalue",
          "new_value",
          "setpoint",
          "sp",
          "level",
          "target_value",
          "targetvalue");

  /** A host of the company's own network. */
  private static final Pattern INTERNAL =
      Pattern.compile(
          "(?i)(?:10\\.\\d+|192\\.168|172\\.(?:1[6-9]|2\\d|3[01]))\\.\\d+\\.\\d+|[a-z0-9-]+"
              + "|.*\\.(?:local|lan|internal|intranet|corp|home|plant|site|factory|localdomain"
              + "|private|ot)");

  /**
   * The fetched URL's path segment that writes, or {@code null}.
   *
   * @param url the URL a fetch tool requests
   * @return the segment and the value's parameter, as the reason shows them
   */
  static String found(String url) {
    String host = Hosts.of(url);
    int query = url.indexOf('?');
    if (host == null || query < 0 || PlantPredicates.local(host) || !internal(host)) {
      return null;
    }
    String value = null;
    int fragment = url.indexOf('#', query);
    for (String pair :
        url.substring(query + 1, fragment < 0 ? url.length() : fragment).split("[&;]")) {
      int eq = pair.indexOf('=');
      if (eq > 0
          && eq < pair.length() - 1
          && VALUES.contains(pair.substring(0, eq).toLowerCase(Locale.ROOT))) {
        value = pair;
      }
    }
    if (value == null) {
      return null;
    }
    int scheme = url.indexOf("://");
    int path = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
    if (path < 0 || path > query) {
      return null;
    }
    for (String segment : url.substring(path + 1, query).split("/")) {
      if (writes(segment)) {
        return segment + "?…" + value;
      }
    }
    return null;
  }

  /** Whether the URL's path is a SCADA's or a gateway's tag write ({@code tagwrite}). */
  static boolean tagWrite(String found) {
    String segment = found.substring(0, found.indexOf('?')).toLowerCase(Locale.ROOT);
    return segment.replaceAll("[^a-z]", "").matches("(?:tagwrite|writetags?|tagswrite)");
  }

  private static boolean internal(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    int colon = h.indexOf(':');
    return PatternLiterals.matches(INTERNAL, colon < 0 ? h : h.substring(0, colon));
  }

  /** A segment one of whose parts writes: {@code tagwrite}, {@code setValue}, {@code set_point}. */
  private static boolean writes(String segment) {
    String lower = segment.toLowerCase(Locale.ROOT);
    if (WRITING.contains(lower.replaceAll("[^a-z]", ""))) {
      return true;
    }
    return FetchActs.hasWord(segment, WRITING);
  }
}

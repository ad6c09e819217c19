package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What the book's {@code telephony} rules ask of an edit (decision 126): a PBX's dialplan or
 * configuration, or a messaging application's code, that the next deployment puts in front of every
 * caller. Emergency calls no longer routed, routed only behind a prefix or stripped of their
 * location, and the dispatchable locations changed; consent taken out (an opt-out narrowed or no
 * longer handled, calls recorded with no notice, quiet hours widened); a caller ID that misleads;
 * the PBX opened to anyone; its signalling mirrored to another host; card data logged.
 */
final class TelephonyEdits {
  private TelephonyEdits() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("telephony-emergency-routing-edited", scan -> read(scan, TelephonyEdits::emergency));
    named.put("telephony-consent-removed", scan -> read(scan, TelephonyConsent::removed));
    named.put("telephony-caller-id-misleading", scan -> read(scan, TelephonyEdits::callerId));
    named.put("telephony-pbx-exposed", scan -> read(scan, TelephonyEdits::exposed));
    named.put("telephony-signalling-mirrored", scan -> read(scan, TelephonyEdits::mirrored));
    named.put("telephony-card-data-logged", scan -> read(scan, TelephonyEdits::cardLogged));
  }

  private static String read(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    return scan.source() == null ? EditCalls.read(scan.call(), reader) : null;
  }

  /** A dispatchable location's file: the ELIN map, the emergency addresses. */
  private static final Pattern LOCATION_FILE =
      Pattern.compile(
          "(?i)(?:e911|\\belin|dispatchable|emergency[_-]?(?:locations?|address(?:es)?|routes?)"
              + "|civic[_-]?address)[^/]{0,60}\\.(?:csv|tsv|json|ya?ml|conf|xml|sql|ini)$");

  /** An emergency route's location taken out of the INVITE. */
  private static final Pattern LOCATION_STRIPPED =
      Pattern.compile(
          "(?i)remove_hf\\s*\\(\\s*\"geolocation[\\w-]{0,20}\"\\s*\\)|filter_body\\s*\\([^)]{0,60}\\)"
              + "|geolocation[\\w-]{0,20}\"\\s*,\\s*\"\"|\\bunset\\b[^\\n]{0,40}geolocation");

  /** A text that is about emergency calls. */
  private static final Pattern ABOUT_EMERGENCY =
      Pattern.compile("(?i)\\bemergency\\b|\\be?911\\b|\\b112\\b|\\bpsap\\b|\\bsos\\b");

  /** An Asterisk extension's line ({@code exten => 911,1,Dial(...)}) or its next ({@code same}). */
  private static final Pattern EXTEN =
      Pattern.compile(
          "(?im)^\\s*(?:exten\\s*=>\\s*([^,\\s]{1,60})\\s*,|same\\s*=>)[^,\\n]{0,20},?\\s*"
              + "(\\w{1,40})?([^\\n]{0,300})");

  /** A dial that leaves the PBX: to a trunk, a gateway, an emergency route, a variable's. */
  private static final Pattern OUTWARD =
      Pattern.compile("(?i)@|911|112|999|e911|emerg|trunk|gateway|carrier|\\$\\{");

  /** A FreeSWITCH extension, its conditions and actions. */
  private static final Pattern FS_EXTENSION =
      Pattern.compile("(?is)<extension\\b[^>]{0,200}>(.{0,4000}?)</extension>");

  /** A FreeSWITCH action that routes a call onward, to a gateway, a trunk or another dialplan. */
  private static final Pattern FS_ROUTES =
      Pattern.compile(
          "(?i)application\\s*=\\s*\"(?:bridge\\\"\\s+data\\s*=\\s*\"[^\"]{0,200}(?:gateway|sofia/external"
              + "|911|e911|emerg|\\$\\{)|transfer|execute_extension|lua|socket|javascript|python)");

  /** FreeSWITCH's destination condition. */
  private static final Pattern FS_DESTINATION =
      Pattern.compile(
          "(?i)field\\s*=\\s*\"destination_number\"\\s+expression\\s*=\\s*\"([^\"]{1,200})\"");

  /** What routes a call onward. */
  private static final Pattern ROUTES =
      Pattern.compile(
          "(?i)dial|goto|gosub|macro|queue|stasis|agi|eagi|bridge|transfer|execute_extension"
              + "|lua|socket|dialplan");

  private static String emergency(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (PatternLiterals.finds(LOCATION_FILE, file)) {
      return "dispatchable locations changed in " + file;
    }
    if (!PatternLiterals.finds(ABOUT_EMERGENCY, now)) {
      return null;
    }
    Matcher stripped = PatternLiterals.matcher(LOCATION_STRIPPED, now);
    if (stripped.find() && !PatternLiterals.finds(LOCATION_STRIPPED, old)) {
      return stripped.group() + " on an emergency route";
    }
    // A part of a file replaced is judged against what it replaced: only what the edit changed.
    List<String> patterns = new ArrayList<>();
    List<String> before = new ArrayList<>();
    boolean unrouted = asteriskUnrouted(now, patterns);
    if (unrouted && !asteriskUnrouted(old, before)) {
      return "an emergency extension not routed to an emergency trunk";
    }
    boolean prefixed = false;
    for (String pattern : destinations(now, patterns)) {
      prefixed |= matches(pattern, "9911") || matches(pattern, "9112") || matches(pattern, "8911");
    }
    boolean direct = direct(destinations(now, patterns));
    if (!unrouted) {
      asteriskUnrouted(old, before);
    }
    boolean directBefore = old.isEmpty() || direct(destinations(old, before));
    return prefixed && !direct && directBefore
        ? "emergency numbers reached only behind a prefix"
        : null;
  }

  /** The extensions' patterns read, with FreeSWITCH's destination conditions added. */
  private static List<String> destinations(String text, List<String> patterns) {
    List<String> all = new ArrayList<>(patterns);
    Matcher fs = PatternLiterals.matcher(FS_DESTINATION, text);
    while (fs.find()) {
      all.add(fs.group(1));
    }
    return all;
  }

  private static boolean direct(List<String> patterns) {
    for (String pattern : patterns) {
      if (matches(pattern, "911") || matches(pattern, "112")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads an Asterisk dialplan's extensions into {@code patterns} and says whether one named for an
   * emergency number (911, 112, 999) runs no application that routes the call onward.
   */
  private static boolean asteriskUnrouted(String text, List<String> patterns) {
    String current = null;
    boolean emergency = false;
    boolean routed = false;
    boolean unrouted = false;
    Matcher line = PatternLiterals.matcher(EXTEN, text);
    while (line.find()) {
      String name = line.group(1);
      if (name != null && !name.equals(current)) {
        unrouted |= emergency && !routed;
        current = name;
        patterns.add(asteriskRegex(name));
        emergency = name.replace("_", "").matches("(?:\\+?1)?(?:911|112|999)");
        routed = false;
      }
      String app = line.group(2);
      routed |=
          app != null
              && ROUTES.matcher(app).lookingAt()
              && (!app.equalsIgnoreCase("dial") || PatternLiterals.finds(OUTWARD, line.group(3)));
    }
    return unrouted || emergency && !routed || freeswitchUnrouted(text);
  }

  /** Whether a FreeSWITCH extension for an emergency number routes the call nowhere outward. */
  private static boolean freeswitchUnrouted(String text) {
    Matcher extension = PatternLiterals.matcher(FS_EXTENSION, text);
    while (extension.find()) {
      String body = extension.group(1);
      Matcher destination = PatternLiterals.matcher(FS_DESTINATION, body);
      boolean emergency = false;
      while (destination.find()) {
        String expression = destination.group(1);
        emergency |= expression.contains("911") && matches(expression, "911");
      }
      if (emergency && !PatternLiterals.finds(FS_ROUTES, body)) {
        return true;
      }
    }
    return false;
  }

  /** An Asterisk extension's pattern ({@code _9NXX.}) as a regular expression. */
  private static String asteriskRegex(String name) {
    if (!name.startsWith("_")) {
      return "^" + Pattern.quote(name) + "$";
    }
    StringBuilder regex = new StringBuilder("^");
    for (char c : name.substring(1).toCharArray()) {
      switch (Character.toUpperCase(c)) {
        case 'X' -> regex.append("[0-9]");
        case 'Z' -> regex.append("[1-9]");
        case 'N' -> regex.append("[2-9]");
        case '.' -> regex.append(".+");
        case '!' -> regex.append(".*");
        case '[', ']', '-' -> regex.append(c);
        default -> regex.append(Character.isLetterOrDigit(c) ? String.valueOf(c) : "\\" + c);
      }
    }
    return regex.append('$').toString();
  }

  private static boolean matches(String regex, String number) {
    try {
      return Pattern.compile(regex).matcher(number).find();
    } catch (PatternSyntaxException e) {
      return false;
    }
  }

  /** A caller ID made from the callee's number or a random one; full attestation for any. */
  private static final Pattern CALLER_ID =
      Pattern.compile(
          "(?i)callerid\\((?:num|all|number)\\)\\s*=\\s*[^\\n)]{0,80}\\$\\{(?:exten|rand)"
              + "|(?:effective|origination|outbound)_caller_id_number=[^\"\\n]{0,80}\\$\\{"
              + "(?:destination_number|rand|random)|\\$fu\\s*=\\s*[\"']?\\$\\(?(?:ru|tu)\\b"
              + "|uac_replace_from\\([^)]{0,80}\\$(?:ru|tu)\\b|unknown_tn_attest(?:ation)?_level\\s*=\\s*a\\b"
              + "|default[-_]?attest(?:ation)?(?:[-_]level)?[\"']?\\s*[=:]\\s*[\"']?a\\b");

  private static String callerId(String old, String now, List<String> files) {
    Matcher found = PatternLiterals.matcher(CALLER_ID, now);
    return found.find() && !PatternLiterals.finds(CALLER_ID, old) ? found.group() : null;
  }

  /** A PBX's configuration file. */
  private static final Pattern PBX_FILE =
      Pattern.compile(
          "(?i)(?:manager|ari|http|pjsip|sip|iax|acl|extconfig)[\\w.-]{0,40}\\.conf(?:\\.xml)?$"
              + "|/(?:freeswitch|asterisk|kamailio|opensips|pbx|sip_profiles)/");

  /** A door opened to anyone: a permit of every address, a list that allows by default. */
  private static final Pattern OPENED =
      Pattern.compile(
          "(?i)permit\\s*=\\s*0\\.0\\.0\\.0/(?:0|0\\.0\\.0\\.0)\\b"
              + "|type\\s*=\\s*\"allow\"[^>]{0,80}cidr\\s*=\\s*\"0\\.0\\.0\\.0/0\""
              + "|cidr\\s*=\\s*\"0\\.0\\.0\\.0/0\"[^>]{0,80}type\\s*=\\s*\"allow\""
              + "|<list\\s+name\\s*=\\s*\"domains\"\\s+default\\s*=\\s*\"allow\""
              + "|\\ballowguest\\s*=\\s*yes\\b|^\\s*secret\\s*=\\s*(?:admin|password|amp111|1234|12345"
              + "|secret|changeme)\\s*$|\\[anonymous\\][^\\[]{0,400}context\\s*=\\s*from-internal");

  private static String exposed(String old, String now, List<String> files) {
    if (files.isEmpty() || !PatternLiterals.finds(PBX_FILE, files.get(0))) {
      return null;
    }
    Matcher found = Pattern.compile(OPENED.pattern(), Pattern.MULTILINE).matcher(now);
    return found.find() ? found.group().strip() : null;
  }

  /** Where a PBX's or proxy's signalling is copied to: HEP, siptrace, a capture server. */
  private static final Pattern MIRROR =
      Pattern.compile(
          "(?i)(?:duplicate_uri|capture-server|capture_address|hep_server|homer_server|sip_capture_uri)"
              + "[\\s\"',=:]{0,8}(?:value\\s*=\\s*[\"'])?(?:sip:|udp:|tcp:|hep:)?([\\w.-]{1,120})");

  /** A host of the company's own network or this machine. */
  private static final Pattern OWN_HOST =
      Pattern.compile(
          "(?i)^(?:localhost|127\\.[\\d.]+|10\\.[\\d.]+|192\\.168\\.[\\d.]+|172\\.(?:1[6-9]|2\\d|3[01])"
              + "\\.[\\d.]+|[\\w-]+|.+\\.(?:internal|local|lan|corp|home\\.arpa|localdomain))$");

  private static String mirrored(String old, String now, List<String> files) {
    Matcher mirror = PatternLiterals.matcher(MIRROR, now);
    while (mirror.find()) {
      String host = mirror.group(1);
      if (!PatternLiterals.matches(OWN_HOST, host) && !host.contains("$")) {
        return "signalling copied to " + host;
      }
    }
    return null;
  }

  /** A line that logs or records a card's number or code. */
  private static final Pattern CARD_LOGGED =
      Pattern.compile(
          "(?i)(?:verbose|noop|\\blog\\b|system|userevent|set\\(cdr|application\\s*=\\s*\"log\""
              + "|console_log|logger\\.|logging\\.|print\\s*\\(|syslog)[^\\n]{0,200}\\$\\{\\w{0,20}"
              + "(?:card|cvv|cvc|ccnum|cc_?num|security_?code|expir|\\bpan\\b)\\w{0,20}\\}");

  private static String cardLogged(String old, String now, List<String> files) {
    Matcher found = PatternLiterals.matcher(CARD_LOGGED, now);
    return found.find() && !PatternLiterals.finds(CARD_LOGGED, old) ? found.group() : null;
  }
}

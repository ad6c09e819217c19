package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The sendings that no author of untrusted content can read (decision 327), for {@code
 * flow.untrusted-then-send} alone: that rule's harm is the agent doing what a page, a ticket or a
 * tool's answer told it, and sending the project to a place the text's author reads. Four kinds of
 * call reach no such place:
 *
 * <ul>
 *   <li>a <b>mail draft</b> ({@code mcp__gmail__create_draft}): it stays in the person's mailbox
 *       until the person sends it, which is the question asked anyway; a forge's draft (a draft
 *       pull request, a draft release) is not one: its readers are the repository's;
 *   <li>a help desk's <b>internal note</b>, by the flag the help desk itself honours (Zendesk's
 *       {@code public: false}, Freshdesk's {@code private: true}, a service desk's {@code internal:
 *       true}): its readers are the company's agents, never the ticket's requester; a flag on a
 *       tool of another kind (a forge's comment) is not honoured there, and is not read;
 *   <li>a <b>fixed question to a host over ssh</b> ({@code ssh login1 'squeue -u $USER'}): nothing
 *       of this machine is in it (no word expanded here, no input fed, no forwarding), and the
 *       programs it runs only report the host's state;
 *   <li>a <b>text to the team's own chat or tracker</b> (a message to a channel of Slack, Teams or
 *       Mattermost, a new issue of Jira or Linear) when none of the session's untrusted content
 *       came from that workspace: its readers are the workspace's members, and the content's author
 *       wrote from elsewhere. A post back where the content was read, a comment on an existing
 *       issue (its reporter may be a service desk's customer), a direct message, a file, a tool
 *       that declares an open world, or a past not wholly known stays asked.
 * </ul>
 *
 * <p>A draft, a note or a post that carries an address ({@code https://…}) is none of these: a link
 * or an image is fetched, with what its address carries, when the text is shown. The secret rule
 * ({@code flow.secret-then-send}) and the person's own flow rules still count all four as sending:
 * a secret in a mailbox or a help desk is a secret where it should not be.
 */
public final class KeptInside {
  private KeptInside() {}

  /** A word of a tool's name that says draft. */
  private static final Pattern DRAFT = Pattern.compile("(?i)(?:^|[_-])drafts?(?:$|[_-])");

  /** A word of a tool's name that delivers what it holds, a draft too: {@code send_draft}. */
  private static final Pattern DELIVERS =
      Pattern.compile("(?i)(?:^|[_-])(?:send|publish|schedule|submit|deliver|post)(?:$|[_-])");

  /** A tool of mail: its drafts are the person's. */
  private static final Pattern MAIL = Pattern.compile("(?i)mail|outlook|inbox");

  /** A word of a tool's name that says a comment or a note. */
  private static final Pattern NOTE =
      Pattern.compile("(?i)(?:^|[_-])(?:comment|comments|note|notes)(?:$|[_-])");

  /** An address in a text: a link or an image's source. */
  private static final Pattern ADDRESS = Pattern.compile("(?i)[a-z][a-z0-9+.-]*://|\\bwww\\.");

  /**
   * The help desks whose comments carry a flag for the company's agents only, by a word of the
   * server's name, with the flag and the value that keeps the comment internal.
   */
  private static final Map<Pattern, Map<String, Boolean>> HELP_DESKS =
      Map.of(
          Pattern.compile("(?i)zendesk"),
          Map.of("public", false),
          Pattern.compile("(?i)freshdesk|freshservice"),
          Map.of("private", true),
          Pattern.compile("(?i)service[_-]?desk|jsm"),
          Map.of("public", false, "internal", true));

  /** The programs that report a host's state and change nothing: a scheduler's queue, its load. */
  private static final Set<String> HOST_QUESTIONS =
      NameSet.of(
          "squeue",
          "sacct",
          "sinfo",
          "sstat",
          "sshare",
          "sprio",
          "qstat",
          "bjobs",
          "bhosts",
          "bqueues",
          "condor_q",
          "condor_status",
          "showq",
          "uptime",
          "df",
          "free",
          "hostname",
          "whoami");

  /** What may read such a report on the host before it comes back. */
  private static final Set<String> FILTERS =
      NameSet.of("grep", "head", "tail", "sort", "uniq", "wc", "cut", "column");

  /** ssh's options that change nothing of what is sent: quiet, no terminal, no stdin, a port. */
  private static final Set<String> PLAIN_OPTIONS =
      NameSet.of("-q", "-T", "-t", "-n", "-4", "-6", "-C", "-x", "-a");

  /** ssh's options whose value says only how to reach the host. */
  private static final Set<String> VALUED_OPTIONS = NameSet.of("-p", "-l", "-i", "-J", "-o");

  /** The {@code -o} settings that only say how to reach the host; the others may forward. */
  private static final Set<String> PLAIN_SETTINGS =
      NameSet.of(
          "batchmode",
          "connecttimeout",
          "stricthostkeychecking",
          "userknownhostsfile",
          "loglevel",
          "serveraliveinterval",
          "serveralivecountmax",
          "port",
          "user",
          "identityfile",
          "identitiesonly");

  /** The team's chat, whose channels' readers are the workspace's members. */
  private static final Pattern CHAT = Pattern.compile("(?i)slack|msteams|teams|mattermost");

  /** The team's tracker, whose projects' readers are the instance's members. */
  private static final Pattern TRACKER = Pattern.compile("(?i)jira|atlassian|linear");

  /** A chat's message posted: {@code post_message}, {@code slack_post_message}. */
  private static final Pattern CHAT_POST =
      Pattern.compile("(?i)(?:^|[_-])(?:post|send)[_-](?:message|msg)(?:$|[_-])");

  /** A tracker's new issue: {@code create_issue}, {@code jira_create_issue}. */
  private static final Pattern NEW_ISSUE =
      Pattern.compile("(?i)(?:^|[_-])create[_-](?:issue|ticket|task)(?:$|[_-])");

  /** A chat's channel by its id or name; not a person's (a DM {@code D…}, {@code @name}). */
  private static final Pattern CHANNEL = Pattern.compile("#[\\w.-]+|[CG][A-Z0-9]{6,}");

  /**
   * {@return why what the call sends reaches no author of untrusted content, or {@code null} when
   * it may}
   *
   * @param scan the rules' scan of the call
   * @param untrustedTools the tools of the session's calls that took in untrusted content
   * @param allKnown whether those are all of them (none forgotten, no past the gateway lost)
   */
  public static String why(Scan scan, List<String> untrustedTools, boolean allKnown) {
    CallForRules call = scan.call();
    if (!call.tool().equals("shell")) {
      if (mailDraft(call)) {
        return "a mail draft stays in the person's mailbox until the person sends it";
      }
      if (internalNote(call)) {
        return "an internal note of the help desk is read by the company's agents, never by the"
            + " ticket's requester";
      }
      Pattern workspace = teamPost(call);
      if (workspace != null && allKnown) {
        for (String tool : untrustedTools) {
          if (PatternLiterals.finds(workspace, tool)) {
            return null; // the content's author writes there, and may read what is posted back
          }
        }
        return "a new message or issue in the team's own chat or tracker is read by its members,"
            + " and the untrusted content came from elsewhere";
      }
      return null;
    }
    return hostQuestion(scan)
        ? "a fixed question to a host over ssh carries nothing of this machine"
        : null;
  }

  private static boolean mailDraft(CallForRules call) {
    String tool = call.tool();
    return PatternLiterals.finds(DRAFT, tool)
        && !PatternLiterals.finds(DELIVERS, tool)
        && PatternLiterals.finds(MAIL, tool)
        && !addressed(call.args());
  }

  private static boolean internalNote(CallForRules call) {
    String tool = call.tool();
    if (!PatternLiterals.finds(NOTE, tool) || addressed(call.args())) {
      return false;
    }
    String server = server(call);
    for (Map.Entry<Pattern, Map<String, Boolean>> desk : HELP_DESKS.entrySet()) {
      if (PatternLiterals.finds(desk.getKey(), server)) {
        for (Map.Entry<String, Boolean> flag : desk.getValue().entrySet()) {
          JsonNode value = call.args().get(flag.getKey());
          if (value != null && value.isBoolean() && value.booleanValue() == flag.getValue()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The server a tool is of: its provider, or its name's middle ({@code mcp__zendesk__…}). */
  private static String server(CallForRules call) {
    if (call.hints() != null && call.hints().provider() != null) {
      return call.hints().provider();
    }
    String tool = call.tool();
    if (tool.startsWith("mcp__") && tool.indexOf("__", 5) > 5) {
      return tool.substring(5, tool.indexOf("__", 5));
    }
    return "";
  }

  /**
   * {@return the workspace a call posts into, as the pattern of its tools, for a text message to a
   * channel of the team's chat or a new issue of its tracker with no address and no file; or {@code
   * null}}
   */
  private static Pattern teamPost(CallForRules call) {
    String tool = call.tool();
    String server = server(call);
    if (addressed(call.args()) || filed(call.args())) {
      return null;
    }
    if (call.hints() != null && Boolean.TRUE.equals(call.hints().openWorld())) {
      return null; // the tool says its world is open: its channels may be shared with others
    }
    if (PatternLiterals.finds(CHAT, server) && PatternLiterals.finds(CHAT_POST, tool)) {
      for (String field : List.of("channel", "channel_id", "channelId")) {
        JsonNode channel = call.args().get(field);
        if (channel != null && channel.isTextual()) {
          return CHANNEL.matcher(channel.asText()).matches() ? CHAT : null;
        }
      }
      return null;
    }
    if (PatternLiterals.finds(TRACKER, server) && PatternLiterals.finds(NEW_ISSUE, tool)) {
      return TRACKER;
    }
    return null;
  }

  /** Whether the arguments name a file or an attachment to send along. */
  private static boolean filed(JsonNode args) {
    var names = args.fieldNames();
    while (names.hasNext()) {
      String name = names.next().toLowerCase(Locale.ROOT);
      if (name.contains("file") || name.contains("attach") || name.contains("upload")) {
        return true;
      }
    }
    return false;
  }

  /** Whether any text of the arguments holds an address. */
  private static boolean addressed(JsonNode node) {
    if (node == null) {
      return false;
    }
    if (node.isTextual()) {
      return PatternLiterals.finds(ADDRESS, node.asText());
    }
    for (JsonNode child : node) {
      if (addressed(child)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code ssh [plain options] host 'squeue -u $USER | head'}: the command is ssh alone, every word
   * of it as written here (nothing expanded on this machine), nothing fed to its input, and every
   * program it runs on the host one of {@link #HOST_QUESTIONS} or {@link #FILTERS}.
   */
  private static boolean hostQuestion(Scan scan) {
    List<Step> steps = scan.steps();
    if (steps.isEmpty() || !scan.fed().isEmpty() || !scan.opaque().isEmpty()) {
      return false;
    }
    Invocation ssh = steps.get(0).invocation();
    if (!steps.get(0).program().equals("ssh") || !ssh.via().isEmpty()) {
      return false;
    }
    for (Redirect redirect : ssh.redirects()) {
      if (!redirect.writes() || redirect.body() != null) {
        return false; // an input fed to ssh goes to the host
      }
    }
    List<Word> args = steps.get(0).args();
    int host = -1;
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      if (!word.literal()) {
        return false;
      }
      String text = word.text();
      if (host >= 0) {
        continue;
      }
      if (PLAIN_OPTIONS.contains(text)) {
        continue;
      }
      if (VALUED_OPTIONS.contains(text) && i + 1 < args.size()) {
        if (text.equals("-o") && !plainSetting(args.get(i + 1).text())) {
          return false;
        }
        i++;
        continue;
      }
      if (text.startsWith("-")) {
        return false; // a forwarding (-A, -R, -L, -D, -W), a config file (-F), a master socket
      }
      host = i;
    }
    if (host < 0 || host == args.size() - 1) {
      return false; // a login: whatever is typed there goes
    }
    boolean asks = false;
    for (Step step : steps.subList(1, steps.size())) {
      List<String> via = step.invocation().via();
      if (via.isEmpty() || !via.get(0).equals("ssh")) {
        return false;
      }
      if (HOST_QUESTIONS.contains(step.program())) {
        asks = true;
      } else if (!FILTERS.contains(step.program())) {
        return false;
      }
    }
    return asks;
  }

  private static boolean plainSetting(String setting) {
    int split = setting.indexOf('=');
    String key = split < 0 ? setting : setting.substring(0, split);
    return PLAIN_SETTINGS.contains(key.strip().toLowerCase(Locale.ROOT));
  }
}

package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A chat post that tells the team of the developer's own change (decision 161): {@code
 * mcp__slack__post_message} to {@code #pricing-eng} saying "PR #4821 is up for review". Every blind
 * round since the fourth had its writer post such a line as ordinary work, and {@code
 * acts.tool-acts} asked each, as it asks any message sent in the person's name. A pull or merge
 * request is the developer's own work, as a commit or an issue is (decision 153); its announcement
 * carries what the forge already shows the team.
 *
 * <p>Only a chat's post (a server or tool named for a chat: Slack, Teams, Discord, Mattermost…),
 * whose text names a pull or merge request ({@code PR #412}, a forge's {@code /pull/412} link,
 * {@code org/repo#412}), and that carries nothing more: no e-mail address or telephone number, no
 * file, no address to everyone in the channel ({@code <!channel>}, {@code @here}), and no channel
 * shared with another company ({@code ext-…}, {@code shared-…}). Mail is no chat: its recipients
 * may be anyone. What the text says beyond the change is still read by every other rule (a secret
 * in it, people's records, a disclosure).
 */
final class ChangeAnnounced {
  private ChangeAnnounced() {}

  /** The words of a server's or tool's name that say it is a chat's. */
  private static final Set<String> CHATS =
      NameSet.of(
          "slack", "teams", "discord", "mattermost", "zulip", "rocketchat", "chat", "msteams");

  /**
   * A pull or merge request named in the text: {@code PR} only with its number or as the subject of
   * an announcement ({@code PR #412}, {@code the PR is up}, {@code merged PR}), not a public
   * relations agency's (decision 165).
   */
  private static final Pattern CHANGE =
      Pattern.compile(
          "\\b(?:PR|MR)s?\\s*[#!]?\\d+|\\bPRs?\\s+(?:is|are|was|has|for\\s+review|up\\b|ready)"
              + "|(?i:opened|raised|merged|reviewed|approved|my)\\s+PRs?\\b"
              + "|pull request|merge request|/pull/\\d+|/merge_requests/\\d+"
              + "|\\b[\\w.-]+/[\\w.-]+#\\d+");

  /** What makes a post more than an announcement: an address, a number to call, everyone. */
  private static final Pattern MORE =
      Pattern.compile(
          "[\\w.+-]+@[\\w-]+\\.[\\w.-]+|(?<![\\w#/])(?:\\+\\d|0\\d|\\(\\d)[\\d ()-]{7,}\\d"
              + "|<!(?:channel|here|everyone)>"
              + "|@(?:channel|here|everyone)\\b");

  /** The arguments that attach a file. */
  private static final Set<String> FILES =
      NameSet.of("file", "files", "file_path", "filepath", "filename", "attachment", "attachments");

  /** The arguments that name the channel. */
  private static final Set<String> CHANNELS = NameSet.of("channel", "channel_id", "channel_name");

  /** The arguments that send the post under another name or face: {@code username}. */
  private static final Set<String> SENDERS =
      NameSet.of("username", "as_user", "icon_emoji", "icon_url", "avatar_url", "display_name");

  /** Whether the call is a chat's post that announces the developer's own change, and no more. */
  static boolean in(String tool, JsonNode args) {
    Post post = plainPost(tool, args);
    return post != null && announces(post);
  }

  /** Whether a chat's plain post announces the developer's own change, and no more. */
  static boolean announces(Post post) {
    return post.text().length() < 2000
        && PatternLiterals.finds(CHANGE, post.text())
        && !PatternLiterals.finds(MORE, post.text())
        && !AnnouncedBeyond.saysMore(post.said());
  }

  /**
   * A chat's post of a line of text to a channel of the team's own.
   *
   * @param text every textual argument, the channel's too
   * @param said what the post says: not the channel's name, not an id
   */
  record Post(String text, String said) {}

  /**
   * {@return a chat's post of plain text to a channel that is not shared with another company nor
   * the whole company's, or {@code null}: a file, blocks, another's name on it, a support desk's}
   *
   * @param tool the tool
   * @param args its arguments
   */
  static Post plainPost(String tool, JsonNode args) {
    if (args == null || !args.isObject() || !chat(tool) || support(tool)) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    StringBuilder said = new StringBuilder(); // not the channel's name, not an id
    for (Iterator<Map.Entry<String, JsonNode>> fields = args.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey().toLowerCase(Locale.ROOT);
      JsonNode value = field.getValue();
      if (FILES.contains(key) || SENDERS.contains(key)) {
        return null; // a file; another person's name on the post (decision 165)
      }
      if (!value.isTextual()) {
        if (value.isContainerNode()) {
          return null; // blocks, attachments: more than a line of text
        }
        continue;
      }
      if (CHANNELS.contains(key)) {
        if (sharedChannel(value.asText())) {
          return null;
        }
      } else if (!key.endsWith("id") && !key.endsWith("_ts")) {
        said.append(value.asText()).append('\n');
      }
      text.append(value.asText()).append('\n');
    }
    return new Post(text.toString(), said.toString());
  }

  /** Whether a post's text carries an address, a number to call, or everyone in the channel. */
  static boolean carriesMore(String text) {
    return PatternLiterals.finds(MORE, text);
  }

  /** The parts of a channel's name that say it is shared with another company. */
  private static final Set<String> SHARED_PARTS =
      NameSet.of(
          "ext",
          "external",
          "shared",
          "partner",
          "partners",
          "vendor",
          "vendors",
          "guest",
          "guests",
          "connect");

  /** The channels that reach the whole company. */
  private static final Set<String> EVERYONE =
      NameSet.of(
          "general",
          "announcements",
          "announce",
          "company",
          "everyone",
          "random",
          "all-hands",
          "allhands",
          "all-company",
          "all-staff",
          "town-hall");

  /**
   * A channel shared with another company ({@code #ext-vendor}, {@code shared-acme}; decision 165:
   * such a part anywhere, {@code #pricing-eng-partners}, {@code #proj-halden-ext}), or one that
   * reaches the whole company ({@code #general}, {@code #announcements}).
   */
  private static boolean sharedChannel(String name) {
    String channel = name.toLowerCase(Locale.ROOT).replace("#", "");
    if (channel.startsWith("ext") || channel.startsWith("shared") || EVERYONE.contains(channel)) {
      return true;
    }
    for (String part : channel.split("[-_.]")) {
      if (SHARED_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** A server's words that say its chat is with customers: a support desk's. */
  private static final Set<String> SUPPORT =
      NameSet.of(
          "support",
          "helpdesk",
          "customer",
          "customers",
          "livechat",
          "intercom",
          "zendesk",
          "freshchat",
          "crisp",
          "drift",
          "tawk");

  /** Whether the chat is a support desk's, whose posts go to customers (decision 165). */
  private static boolean support(String tool) {
    for (String word : ActsPredicates.words(tool.replace("__", "_"))) {
      if (SUPPORT.contains(word)) {
        return true;
      }
    }
    return false;
  }

  private static boolean chat(String tool) {
    for (String word : ActsPredicates.words(tool.replace("__", "_"))) {
      if (CHATS.contains(word)) {
        return true;
      }
    }
    return false;
  }
}

package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file of keys, secrets or people's data posted to a chat (decision 111, {@code
 * liveops.file-to-chat}): an HTTP client's upload ({@code curl -F file=@keys.csv}) to a chat's
 * webhook or bot (Discord's, Slack's, Teams', Telegram's, Google Chat's, or a URL variable named
 * for a webhook), inline code posting an opened file there, a server's tool that sends a message
 * with such a file attached. A channel's members are many and its history stays: what it shows is
 * sent out. A screenshot, a log or a build's notes pass.
 */
final class ChatUploads {
  private ChatUploads() {}

  private static final Set<String> HTTP =
      NameSet.of("curl", "wget", "http", "https", "xh", "xhs", "apprise");

  /** The chats' hosts that take a file from a webhook or a bot. */
  private static final List<String> CHAT_HOSTS =
      List.of(
          "discord.com",
          "discordapp.com",
          "hooks.slack.com",
          "slack.com",
          "api.telegram.org",
          "outlook.office.com",
          "webhook.office.com",
          "chat.googleapis.com",
          "api.pushbullet.com",
          "mattermost",
          "rocket.chat",
          "zulipchat.com");

  /** What a URL variable's name says when it holds a chat's webhook. */
  private static final Pattern CHAT_VARIABLE =
      Pattern.compile("\\$\\{?[A-Z0-9_]*(?:WEBHOOK|DISCORD|SLACK|TEAMS|TELEGRAM|MATTERMOST)");

  /** A file's name's word that says it holds keys, secrets or a table of people's data. */
  private static final Pattern SENSITIVE_NAME =
      Pattern.compile(
          "(?:^|[_.\\-])(?:keys?|secrets?|credentials?|tokens?|passwords?|passwd|licen[cs]es?"
              + "|serials?|codes|wallet|seed|mnemonic|players|users|customers|accounts|emails"
              + "|export|dump)(?:[_.\\-]|$)");

  /**
   * A file's kind that is a dump, a key or an environment. A table ({@code .csv}) is known by its
   * name or folder: a test run's results posted to a channel pass.
   */
  private static final Pattern SENSITIVE_KIND =
      Pattern.compile(
          "\\.(?:sql|dump|db|sqlite3?|env|pem|key|p12|pfx|jks"
              + "|keystore|kdbx|ovpn)$|^\\.env(?:\\.[a-z]+)?$|^id_(?:rsa|ed25519|ecdsa)");

  /** Whether a file's path says it holds keys, secrets or people's data. */
  static boolean sensitive(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    if (p.length() > 1024) {
      p = p.substring(p.length() - 1024);
    }
    if (p.contains("keys/")
        || p.contains("secrets/")
        || p.contains("credentials/")
        || p.contains("exports/")
        || p.contains("dumps/")) {
      return true;
    }
    String base = p.substring(p.lastIndexOf('/') + 1);
    return PatternLiterals.finds(SENSITIVE_NAME, base)
        || PatternLiterals.finds(SENSITIVE_KIND, base)
        || IdentityDocuments.document(path); // a passport's scan, a KYC selfie (decision 334)
  }

  /** A file a program sends: curl's {@code -F x=@f}, {@code --data-binary @f}, {@code -T f}. */
  private static String uploaded(List<Word> args, int i, boolean httpie) {
    String text = args.get(i).text();
    String prior = i > 0 ? args.get(i - 1).text() : "";
    if (CurlBodies.FORMS.contains(prior)) {
      return CurlBodies.formFile(text);
    }
    if (prior.equals("-d") || prior.startsWith("--data")) {
      return CurlBodies.dataFile(text);
    }
    for (String joined :
        new String[] {"--post-file=", "--body-file=", "--upload-file=", "--attach="}) {
      if (text.startsWith(joined)) {
        return text.substring(joined.length());
      }
    }
    if (prior.equals("-T")
        || prior.equals("--upload-file")
        || prior.equals("--post-file")
        || prior.equals("--body-file")
        || prior.equals("--attach")) {
      return text;
    }
    if (httpie && !text.startsWith("-") && text.indexOf('@') > 0 && !text.contains("://")) {
      return text.substring(text.indexOf('@') + 1); // httpie's file field: file@keys.csv
    }
    return null;
  }

  /** Whether a URL (or a variable standing for one) is a chat's webhook or bot. */
  static boolean chat(String text, String written) {
    String w = written == null ? text : written;
    if (PatternLiterals.finds(CHAT_VARIABLE, w)) {
      return true;
    }
    if (text.startsWith("discord://")
        || text.startsWith("slack://")
        || text.startsWith("tgram://")
        || text.startsWith("msteams://")) {
      return true; // apprise's URLs
    }
    if (!text.contains("://")) {
      return false;
    }
    String host = Hosts.of(text);
    if (host == null) {
      return false;
    }
    for (String chat : CHAT_HOSTS) {
      if (host.equals(chat) || host.endsWith("." + chat) || host.contains(chat)) {
        return !chat.startsWith("discord") && !chat.equals("slack.com")
            || text.contains("/webhooks/")
            || text.contains("/files.")
            || text.contains("/api/");
      }
    }
    return false;
  }

  /**
   * What the call posts to a chat that is keys, secrets or people's data: the file, as the reason
   * shows it.
   */
  static String fileToChat(Scan scan) {
    String tool = scan.call().tool();
    if (tool.contains("__") || tool.startsWith("mcp")) {
      return attached(tool, scan.call().args());
    }
    String source = scan.source();
    if (source == null
        || source.indexOf('@') < 0
            && !source.contains("open(")
            && !source.contains("file")
            && !source.contains("attach")
            && !source.contains("gist")
            && !source.contains(" -a ")
            && !source.contains(" -A ")
            && !source.contains("$(")
            && !source.contains("`")
            && !source.contains("ReadStream")) {
      return null; // most commands: a search or two
    }
    String piped = null; // a file of keys or data a reader of the command hands on (cat keys.csv |)
    for (Step step : scan.steps()) {
      if (READERS.contains(step.program())) {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-") && sensitive(word.text())) {
            piped = word.text();
          }
        }
        continue;
      }
      if (step.interpreter()) {
        String code = InterpreterCode.of(step);
        String found = code == null ? null : codeUpload(code);
        if (found != null) {
          return found;
        }
        continue;
      }
      String elsewhere = sentElsewhere(step);
      if (elsewhere != null) {
        return elsewhere;
      }
      if (!HTTP.contains(step.program())) {
        continue;
      }
      List<Word> args = step.args();
      boolean httpie = !step.program().equals("curl") && !step.program().startsWith("wget");
      String file = null;
      boolean chat = false;
      for (int i = 0; i < args.size(); i++) {
        Word word = args.get(i);
        String one = uploaded(args, i, httpie);
        if (one != null && sensitive(one)) {
          file = one;
        }
        if (one != null && one.equals("-") && piped != null) {
          file = piped; // cat keys.csv | curl -F file=@- "$WEBHOOK"
        }
        String substituted = substitutedFile(word.written() == null ? word.text() : word.written());
        if (substituted != null) {
          file = substituted; // -d "{\"text\":\"$(cat keys.csv)\"}"
        }
        chat |= chat(word.text(), word.written());
      }
      if (file != null && chat) {
        return file + " to a chat";
      }
    }
    return null;
  }

  /** The mail clients, whose {@code -a} attaches a file. */
  private static final Set<String> MAIL = NameSet.of("mutt", "neomutt", "mail", "mailx", "s-nail");

  /**
   * A file of keys or data sent out another way than a chat: a gist made of it ({@code gh gist
   * create keys.csv}, secret gists are read by whoever has the link), a mail's attachment.
   */
  private static String sentElsewhere(Step step) {
    String program = step.program();
    if (!program.equals("gh") && !MAIL.contains(program) && !program.equals("swaks")) {
      return null; // most programs: a set lookup
    }
    List<String> words = LiveOps.texts(step.args());
    if (program.equals("gh")
        && words.size() > 1
        && words.get(0).equals("gist")
        && (words.get(1).equals("create") || words.get(1).equals("new"))) {
      for (String word : words.subList(2, words.size())) {
        if (!word.startsWith("-") && sensitive(word)) {
          return word + " to a gist";
        }
      }
    }
    if (MAIL.contains(program) || program.equals("swaks")) {
      for (int i = 0; i + 1 < words.size(); i++) {
        String w = words.get(i);
        if ((w.equals("-a") || w.equals("-A") || w.equals("--attach"))
            && sensitive(words.get(i + 1))) {
          return words.get(i + 1) + " attached to a mail";
        }
      }
    }
    return null;
  }

  /** Programs that print a file for the next to send. */
  private static final Set<String> READERS =
      NameSet.of("cat", "jq", "head", "tail", "base64", "gzip");

  /**
   * A file a word's command substitution prints: {@code $(cat keys.csv)}, {@code $(< keys.csv)}.
   */
  private static String substitutedFile(String written) {
    for (String opener : new String[] {"$(cat ", "$(<", "`cat "}) {
      int at = written.indexOf(opener);
      if (at < 0) {
        continue;
      }
      int from = at + opener.length();
      int end = from;
      while (end < written.length()
          && end < from + 400
          && " )`\"'|;".indexOf(written.charAt(end)) < 0) {
        end++;
      }
      String file = written.substring(from, end).strip();
      if (!file.isEmpty() && sensitive(file)) {
        return file;
      }
    }
    return null;
  }

  /** An opened file handed to a request, in code: {@code open('keys.csv')}, a read stream. */
  private static final Pattern OPENED =
      Pattern.compile(
          "(?:open|createreadstream|readfilesync|readfile|path)\\s*\\(\\s*['\"`]([^'\"`]{1,200})['\"`]");

  /** What code says of a chat it posts to: a webhook's or a chat's name. */
  private static final List<String> CHAT_NAMES =
      List.of("webhook", "discord", "slack", "telegram", "teams", "mattermost");

  private static String codeUpload(String code) {
    boolean named = false;
    for (String name : CHAT_NAMES) {
      named |= LiveOps.mentions(code, name);
    }
    if (!named) {
      return null; // most code: a few searches, no copy
    }
    String c = code.length() > 16 * 1024 ? code.substring(0, 16 * 1024) : code;
    String lower = c.toLowerCase(Locale.ROOT);
    boolean chat = false;
    for (String name : CHAT_NAMES) {
      chat |= lower.contains(name);
    }
    if (!chat
        || !(lower.contains("files=")
            || lower.contains("formdata")
            || lower.contains("files:")
            || lower.contains("attachment")
            || lower.contains("multipart"))) {
      return null;
    }
    var opened = OPENED.matcher(lower);
    while (opened.find()) {
      if (sensitive(opened.group(1))) {
        return opened.group(1) + " to a chat";
      }
    }
    return null;
  }

  /** The words of a tool's name that post to a channel. */
  private static final Set<String> POSTING =
      NameSet.of("send", "post", "upload", "message", "reply", "share", "attach", "create");

  /** A server's tool that sends a message with a file of keys or data attached. */
  private static String attached(String tool, JsonNode args) {
    if (args == null || !args.isObject()) {
      return null;
    }
    int last = tool.lastIndexOf("__");
    boolean posts = false;
    for (String word : ActsPredicates.words(last >= 0 ? tool.substring(last + 2) : tool)) {
      posts |= POSTING.contains(word);
    }
    if (!posts) {
      return null;
    }
    for (String field :
        List.of(
            "attachments",
            "attachment",
            "files",
            "file",
            "file_path",
            "filePath",
            "path",
            "paths",
            "document", // Telegram's sendDocument and sendPhoto (decision 334)
            "photo")) {
      JsonNode value = args.get(field);
      if (value == null) {
        continue;
      }
      for (JsonNode one : value.isArray() ? value : List.of(value)) {
        String path = one.isTextual() ? one.asText() : one.path("path").asText("");
        if (!path.isEmpty() && sensitive(path)) {
          return path + " attached by " + tool;
        }
      }
    }
    return null;
  }
}

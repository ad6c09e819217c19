package io.github.providergateway.app.service;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.cli.RunningApp;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.HomeDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What {@code gateway service install} writes for a home: a systemd user unit on Linux, a launchd
 * agent on macOS, each starting {@code java … Main --detached --home <home> --idle-exit-grace
 * never} from the installed copy of the app's jar at login, and again after a crash.
 *
 * <p>The unit names the home and nothing else of it: the detached gateway takes the port and the
 * providers' config from {@code <home>/settings.json} by itself, so a later {@code --port} or
 * {@code --config} given to any start of the home applies to the service's gateway too, with no new
 * install.
 *
 * @param platform which service manager reads it
 * @param home the gateway's home, absolute
 * @param name the unit's name ({@code provider-gateway.service}) or the agent's label
 * @param file where it is written
 * @param command the gateway's command line, the absolute {@code java} first
 */
public record ServiceUnit(
    ServiceUnit.Platform platform, Path home, String name, Path file, List<String> command) {

  /** How long the service manager waits after a crash before it starts the gateway again. */
  static final Duration RESTART_DELAY = Duration.ofSeconds(2);

  /** Where a person reads what the service is. */
  static final String DOCUMENTATION =
      "https://github.com/providergateway/provider-gateway-java/blob/main/docs/reference-app.md";

  /** The name of the default home's systemd unit; another home's adds a hash of its path. */
  static final String SYSTEMD_PREFIX = "provider-gateway";

  /** The launchd agent's own output (the JVM's, before the gateway has its log), in logs/. */
  public static final String LAUNCHD_LOG = "service.log";

  /** The label of the default home's launchd agent; another home's adds a hash of its path. */
  static final String LAUNCHD_PREFIX = "io.github.providergateway.gateway";

  /** Words systemd reads as they are, outside quotes (systemd.syntax(7)). */
  private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./:=+,@-]+");

  /** The service managers, one per platform that has one we write for. */
  public enum Platform {
    /** Linux: a systemd user unit, run by the user's manager ({@code systemctl --user}). */
    SYSTEMD,
    /** macOS: a launchd agent in {@code ~/Library/LaunchAgents} ({@code launchctl}). */
    LAUNCHD;

    /**
     * The platform of {@code os.name}.
     *
     * @throws IllegalArgumentException for a system that has neither, saying which are known
     */
    public static Platform of(String osName) {
      String os = osName.toLowerCase(Locale.ROOT);
      if (os.startsWith("mac") || os.startsWith("darwin")) {
        return LAUNCHD;
      }
      if (os.startsWith("linux")) {
        return SYSTEMD;
      }
      throw new IllegalArgumentException(
          "writes a systemd user unit (Linux) or a launchd agent (macOS); this system is "
              + osName);
    }
  }

  public ServiceUnit {
    requireNonNull(platform, "platform");
    requireNonNull(name, "name");
    requireNonNull(file, "file");
    home = home.toAbsolutePath().normalize();
    command = List.copyOf(command);
  }

  /**
   * The unit for {@code home}: the one named for the default home when {@code home} is the default
   * one, else one named after a hash of the home's path, so each home has its own.
   *
   * @param env where the user's directories are ({@code HOME}, {@code XDG_CONFIG_HOME})
   * @param command the gateway's command line ({@link #command(String, List, Path, Path)})
   */
  public static ServiceUnit of(
      Platform platform, Map<String, String> env, Path home, List<String> command) {
    Path absolute = home.toAbsolutePath().normalize();
    boolean isDefault = absolute.equals(HomeDirectory.resolve(null, env));
    String suffix = isDefault ? "" : "-" + hashOf(absolute);
    return switch (platform) {
      case SYSTEMD -> {
        String name = SYSTEMD_PREFIX + suffix + ".service";
        yield new ServiceUnit(
            platform, absolute, name, unitDir(platform, env).resolve(name), command);
      }
      case LAUNCHD -> {
        String label = LAUNCHD_PREFIX + suffix;
        yield new ServiceUnit(
            platform, absolute, label, unitDir(platform, env).resolve(label + ".plist"), command);
      }
    };
  }

  /**
   * The directory of the user's units: {@code ${XDG_CONFIG_HOME:-~/.config}/systemd/user}, or
   * {@code ~/Library/LaunchAgents}.
   */
  public static Path unitDir(Platform platform, Map<String, String> env) {
    return switch (platform) {
      case SYSTEMD -> xdg(env, "XDG_CONFIG_HOME", ".config").resolve("systemd").resolve("user");
      case LAUNCHD -> HomeDirectory.userHome(env).resolve("Library").resolve("LaunchAgents");
    };
  }

  /**
   * Where the installed copies of the app's jar live, outside any clone: {@code
   * ${XDG_DATA_HOME:-~/.local/share}/provider-gateway}, or {@code ~/Library/Application
   * Support/provider-gateway}.
   */
  public static Path installDir(Platform platform, Map<String, String> env) {
    return switch (platform) {
      case SYSTEMD -> xdg(env, "XDG_DATA_HOME", ".local/share").resolve("provider-gateway");
      case LAUNCHD ->
          HomeDirectory.userHome(env)
              .resolve("Library")
              .resolve("Application Support")
              .resolve("provider-gateway");
    };
  }

  /** Whether {@code fileName} is one of the units {@code gateway service} writes. */
  public static boolean isOurs(Platform platform, String fileName) {
    return switch (platform) {
      case SYSTEMD -> fileName.startsWith(SYSTEMD_PREFIX) && fileName.endsWith(".service");
      case LAUNCHD -> fileName.startsWith(LAUNCHD_PREFIX) && fileName.endsWith(".plist");
    };
  }

  /**
   * The detached gateway of {@code home} from {@code jar}, with no idle exit: the absolute {@code
   * java}, the launcher's JVM options, {@code -cp <jar>}, the app's main class. Neither the port
   * nor the config: the gateway reads them from the home's settings.
   */
  public static List<String> command(String java, List<String> jvmOptions, Path jar, Path home) {
    List<String> line = new ArrayList<>();
    line.add(java);
    line.addAll(jvmOptions);
    line.addAll(
        List.of(
            "-cp",
            jar.toString(),
            RunningApp.MAIN_CLASS,
            "--detached",
            "--home",
            home.toString(),
            "--idle-exit-grace",
            DurationText.NEVER));
    return line;
  }

  /** The file's text: the systemd unit, or the launchd property list. */
  public String text() {
    return switch (platform) {
      case SYSTEMD -> systemdUnit();
      case LAUNCHD -> launchdPlist();
    };
  }

  /** {@code ExecStart=} as the unit writes it: the command, quoted as systemd reads it. */
  String execStart() {
    List<String> words = new ArrayList<>();
    for (String word : command) {
      words.add(systemdWord(word));
    }
    return String.join(" ", words);
  }

  private String systemdUnit() {
    long restartSeconds = RESTART_DELAY.toSeconds();
    return String.join(
        "\n",
        "# Written by 'gateway service install': the provider gateway of a home, there from login.",
        "# 'gateway service uninstall' removes it. A new install rewrites this file: put changes",
        "# in a drop-in ('systemctl --user edit " + name + "'), which it keeps.",
        "[Unit]",
        "Description=Provider gateway for " + escapeSpecifiers(singleLine(home.toString())),
        "Documentation=" + DOCUMENTATION,
        "",
        "[Service]",
        // exec: the start fails when java cannot be run, rather than after it.
        "Type=exec",
        "ExecStart=" + execStart(),
        "# A crash (kill -9, exit 1) restarts it; a stop asked for (SIGTERM, exit 0) does not.",
        "Restart=on-failure",
        "RestartSec=" + restartSeconds,
        "# SIGTERM to the gateway alone, which stops the providers it started in order.",
        "KillMode=mixed",
        "",
        "[Install]",
        "WantedBy=default.target",
        "");
  }

  private String launchdPlist() {
    // Keys from Apple's launchd.plist(5): RunAtLoad starts it when the agent is loaded (at login);
    // KeepAlive {SuccessfulExit: false} starts it again unless it exited 0 (a stop asked for);
    // ThrottleInterval is the least time between two starts (10 s by default).
    String log = home.resolve("logs").resolve(LAUNCHD_LOG).toString();
    StringBuilder xml = new StringBuilder();
    xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append(
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\""
                + " \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        .append("<!-- Written by 'gateway service install': the provider gateway of a home, there")
        .append(" from login. 'gateway service uninstall' removes it. -->\n")
        .append("<plist version=\"1.0\">\n<dict>\n");
    key(xml, "Label").append("  <string>").append(xmlText(name)).append("</string>\n");
    key(xml, "ProgramArguments").append("  <array>\n");
    for (String word : command) {
      xml.append("    <string>").append(xmlText(word)).append("</string>\n");
    }
    xml.append("  </array>\n");
    key(xml, "RunAtLoad").append("  <true/>\n");
    key(xml, "KeepAlive")
        .append("  <dict>\n    <key>SuccessfulExit</key>\n    <false/>\n  </dict>\n");
    key(xml, "ThrottleInterval")
        .append("  <integer>")
        .append(RESTART_DELAY.toSeconds())
        .append("</integer>\n");
    key(xml, "StandardOutPath").append("  <string>").append(xmlText(log)).append("</string>\n");
    key(xml, "StandardErrorPath").append("  <string>").append(xmlText(log)).append("</string>\n");
    return xml.append("</dict>\n</plist>\n").toString();
  }

  private static StringBuilder key(StringBuilder xml, String key) {
    return xml.append("  <key>").append(key).append("</key>\n");
  }

  /**
   * One word of a systemd command line (systemd.syntax(7), systemd.service(5) "Command lines"):
   * {@code %} is doubled (specifiers) and {@code $} too (variables), anything but plain characters
   * goes in double quotes with {@code \} and {@code "} escaped, and a lone {@code ;} (which would
   * end the command) is escaped.
   *
   * @param word the word
   * @return it as systemd reads it back
   * @throws IllegalArgumentException for a word with a control character, which no line can hold
   */
  public static String systemdWord(String word) {
    String escaped = escapeSpecifiers(singleLine(word)).replace("$", "$$");
    if (escaped.equals(";")) {
      return "\\;";
    }
    if (PLAIN_WORD.matcher(escaped).matches()) {
      return escaped;
    }
    return "\"" + escaped.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static String escapeSpecifiers(String text) {
    return text.replace("%", "%%");
  }

  /**
   * {@code text}, refused when it holds a control character (a newline would end the unit's line,
   * and XML 1.0 cannot carry most of them).
   */
  private static String singleLine(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        throw new IllegalArgumentException(
            "a service cannot name a path with a control character: "
                + text.replaceAll("\\p{Cntrl}", "?"));
      }
    }
    return text;
  }

  private static String xmlText(String text) {
    return singleLine(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /**
   * {@code $VARIABLE} when it is set to an absolute path (the XDG Base Directory specification
   * ignores relative ones), else {@code ~/<fallback>}.
   */
  private static Path xdg(Map<String, String> env, String variable, String fallback) {
    String value = env.get(variable);
    if (value != null && !value.isBlank() && Path.of(value).isAbsolute()) {
      return Path.of(value);
    }
    return HomeDirectory.userHome(env).resolve(fallback);
  }

  /** The first 8 hex digits of the SHA-256 of the home's path: the unit name of a home. */
  private static String hashOf(Path home) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(home.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}

package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Remote access opened to someone else (session 16, {@code exposure.remote-control-opened}): a
 * remote-support tool (TeamViewer, AnyDesk, RustDesk, ScreenConnect…) installed, enabled, started
 * or given a password for unattended access, on this machine or on another by ssh; a VNC server
 * with no password or on every interface ({@code x11vnc -forever -nopw}). Whoever holds the tool's
 * id and password controls the machine: a plant's HMI, a practice's desktop. Windows' installs read
 * the same names ({@link WindowsTexts#REMOTE_TOOL_INSTALLED}). Reading what is installed, viewing
 * another machine ({@code vncviewer}), removing or stopping a tool are not this.
 */
final class RemoteControlTools {
  private RemoteControlTools() {}

  /** The remote-support products, as a regular expression's alternatives. */
  static final String PRODUCTS =
      "AnyDesk|TeamViewer|ScreenConnect|ConnectWise[-_. ]?Control|RustDesk|Splashtop"
          + "|UltraViewer|AteraAgent|LogMeIn|RemotePC|Ammyy|SimpleHelp|Supremo|NetSupport"
          + "|DWAgent|MeshAgent";

  /** A command word that names a product: {@code teamviewerd}, {@code com.rustdesk.RustDesk}. */
  private static final Pattern PRODUCT =
      Pattern.compile("(?i)(?<![a-z])(?:" + PRODUCTS + ")[a-z0-9_.-]*");

  /** Where a command begins: an optional sudo, an optional path. */
  private static final String START = "^\\s*(?:sudo\\s+(?:-\\S+\\s+)*)?(?:\\S*/)?";

  /** A package manager installing. */
  private static final Pattern INSTALL =
      Pattern.compile(
          "(?i)"
              + START
              + "(?:apt|apt-get|aptitude|dnf|yum|zypper|snap|flatpak|brew|pacman|yay|paru|dpkg"
              + "|rpm|pkg|port|nix-env|winget|choco|scoop|msiexec(?:\\.exe)?)\\b.*?(?:^|\\s)"
              + "(?:install|reinstall|localinstall|-i|--install|-S|-Sy|-U|-ivh|-Uvh|/i)(?:\\s|$)");

  /** A local package's file: {@code ./tv.deb}, {@code /tmp/AnyDesk.msi}. */
  private static final Pattern PACKAGE_FILE =
      Pattern.compile("(?i)\\S+\\.(?:deb|rpm|msi|pkg|dmg|appimage)(?:\\s|$)");

  /** A service manager enabling or starting. */
  private static final Pattern SERVICE =
      Pattern.compile(
          "(?i)"
              + START
              + "(?:systemctl|service|sc(?:\\.exe)?|rc-service|rc-update|update-rc\\.d|chkconfig"
              + "|launchctl|Set-Service|Start-Service)\\b.*?(?:^|\\s)"
              + "(?:enable|start|restart|reenable|config|load|bootstrap|kickstart|on|add|defaults"
              + "|-StartupType)(?:\\s|$)");

  /** A service manager's words that stop, disable or only look. */
  private static final Pattern NOT_ON =
      Pattern.compile(
          "(?i)(?:^|\\s)(?:disable|stop|mask|status|is-enabled|is-active|disabled|demand|off"
              + "|unload|del|remove)(?:\\s|$)");

  /**
   * A product told to take a password, an assignment or to run as a service, by its name or its
   * path ({@code "C:\\Program Files\\TeamViewer\\TeamViewer.exe" assignment}: red team).
   */
  private static final Pattern PASSWORD =
      Pattern.compile(
          "(?i)(?:^|[\\s\"'/\\\\])(?:anydesk|teamviewer|rustdesk)(?:\\.exe)?[\"']?(?=\\s).*?"
              + "(?:--set-password|(?:^|\\s)passwd"
              + "|--password|(?:^|\\s)setup|(?:^|\\s)assignment|--install-service|--install"
              + "|--service|daemon\\s+(?:enable|start)|--assign|--option)(?:\\s|=|$)");

  /** x11vnc and the VNC servers. */
  private static final Pattern VNC_SERVER =
      Pattern.compile(
          "(?i)"
              + START
              + "(?:x11vnc|x0vncserver|vncserver|tigervncserver|Xvnc|Xtigervnc|wayvnc)(?:\\s|$)");

  /** A VNC server told to take no password, or to listen on every interface. */
  private static final Pattern VNC_OPEN =
      Pattern.compile(
          "(?i)(?:^|\\s)(?:-nopw|--I-KNOW-THIS-IS-INSECURE)(?:\\s|$)"
              + "|SecurityTypes[=\\s]+None\\b|(?:^|\\s)-listen\\s+0\\.0\\.0\\.0"
              + "|(?:^|\\s)wayvnc\\s+0\\.0\\.0\\.0");

  /** x11vnc's options that keep it to this machine or ask a password. */
  private static final Pattern VNC_GUARDED =
      Pattern.compile(
          "(?i)(?:^|\\s)(?:-localhost|-rfbauth|-passwd|-passwdfile|-usepw|-unixpw\\S*|-ssl\\S*"
              + "|-storepasswd"
              + "|-help|-h|--help|-version|--version|-listen\\s+(?:localhost|127\\.\\S+))"
              + "(?:\\s|$)");

  /** A command separator inside a remote command or a program's text. */
  private static final Pattern SEPARATOR = Pattern.compile("&&|\\|\\||[;|\\n]");

  /**
   * The command that opens remote access, or {@code null}.
   *
   * @param scan the call
   * @param step a program, or a remote shell whose command is read
   * @return the command as the reason shows it
   */
  static String opened(Scan scan, Step step) {
    String text;
    if (ShapeWords.REMOTE_SHELLS.contains(step.program())) {
      List<io.github.providergateway.guard.shell.Word> args = step.args();
      int at = RemoteShellActs.destination(args);
      StringBuilder remote = new StringBuilder();
      for (int i = at + 1; at >= 0 && i < args.size(); i++) {
        remote.append(args.get(i).text()).append(' ');
      }
      text = remote.toString();
    } else {
      text = ProgramText.of(step);
    }
    if (text.isEmpty() || text.length() > 16 * 1024) {
      return null;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (!lower.contains("vnc")
        && !PatternLiterals.finds(PRODUCT, text)
        && !PatternLiterals.finds(PACKAGE_FILE, text)) {
      return null;
    }
    String source = OtherHosts.source(scan);
    for (String command : SEPARATOR.split(text)) {
      if (opens(command, source)) {
        return command.strip();
      }
    }
    return null;
  }

  private static boolean opens(String command, String source) {
    boolean product = PatternLiterals.finds(PRODUCT, command);
    if (PatternLiterals.finds(INSTALL, command)) {
      return product
          || PatternLiterals.finds(PACKAGE_FILE, command)
              && source.length() < 64 * 1024
              && PatternLiterals.finds(PRODUCT, source);
    }
    if (PatternLiterals.finds(SERVICE, command)) {
      return product && !PatternLiterals.finds(NOT_ON, command.replaceAll("start=\\s*auto", ""));
    }
    if (PatternLiterals.finds(PASSWORD, command)) {
      return true;
    }
    if (PatternLiterals.finds(VNC_SERVER, command)) {
      return PatternLiterals.finds(VNC_OPEN, command)
          || command.strip().startsWith("x11vnc") && !PatternLiterals.finds(VNC_GUARDED, command);
    }
    return false;
  }
}

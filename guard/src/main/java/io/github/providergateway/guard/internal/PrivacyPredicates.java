package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book's {@code privacy} rules ask in code (issue 80, decision 96): ffmpeg, GStreamer, a
 * player or the desktop's bus reading the screen, a camera or a microphone ({@code grabs-screen},
 * {@code grabs-device}), from inline code too ({@code code-grabs-screen-out}, {@code
 * code-uses-camera-microphone}); a whole-screen shot or the clipboard sent out or watched ({@code
 * screenshot-sent}, {@code clipboard-read-out}, {@code code-reads-clipboard-out}); keys listened to
 * ({@code code-logs-keys}, {@code names-input-device}); a mail forwarding rule made over an API or
 * by a tool ({@code mail-forwarding-api}, {@code mail-forwarding-tool}); the person's documents
 * sent ({@code personal-files-sent}).
 */
final class PrivacyPredicates {
  /** ffmpeg's input formats that read the screen. */
  private static final Set<String> SCREEN_FORMATS =
      NameSet.of("x11grab", "gdigrab", "kmsgrab", "ddagrab", "fbdev", "xcbgrab");

  /** ffmpeg's input formats that read a camera or a microphone. */
  private static final Set<String> DEVICE_FORMATS =
      NameSet.of(
          "v4l2",
          "video4linux2",
          "alsa",
          "pulse",
          "dshow",
          "avfoundation",
          "openal",
          "jack",
          "oss",
          "sndio",
          "pipewire",
          "vfwcap",
          "android_camera");

  /** The programs that call a desktop's bus. */
  private static final Set<String> BUSES =
      NameSet.of("gdbus", "dbus-send", "busctl", "qdbus", "qdbus6", "qdbus-qt5");

  /** The players and tools that read a camera or a microphone named as a URL or a device. */
  private static final Set<String> PLAYERS =
      NameSet.of("mpv", "vlc", "cvlc", "mplayer", "v4l2-ctl");

  /** The names of a capture device as those programs take them. */
  private static final List<String> DEVICE_URLS =
      List.of(
          "v4l2://",
          "av://v4l2",
          "av://alsa",
          "av://pulse",
          "tv://",
          "alsa://",
          "pulse://",
          "--stream-to",
          "--stream-mmap");

  /** The bus names of a desktop's screencast. */
  private static final List<String> SCREENCAST_BUS =
      List.of("org.gnome.Shell.Screencast", "ScreenCast", "org.kde.KWin.ScreenShot2");

  /** GStreamer's sources of the screen. */
  private static final List<String> GST_SCREEN =
      List.of("ximagesrc", "d3d11screencapturesrc", "dx9screencapsrc", "gdiscreencapsrc");

  /** GStreamer's sources of a camera or a microphone. */
  private static final List<String> GST_DEVICE =
      List.of(
          "v4l2src",
          "pulsesrc",
          "alsasrc",
          "autoaudiosrc",
          "autovideosrc",
          "pipewiresrc",
          "avfvideosrc",
          "osxaudiosrc",
          "wasapisrc",
          "directsoundsrc",
          "openalsrc",
          "libcamerasrc");

  /** Code that listens to every key pressed, whatever window has the focus. */
  private static final List<String> KEY_HOOKS =
      List.of(
          "pyxhook",
          "GetAsyncKeyState",
          "SetWindowsHookEx",
          "CGEventTapCreate",
          "iohook",
          "uiohook",
          "node-global-key-listener",
          "global-keyboard-listener",
          "keylogger");

  /** The folders of the person's own documents under the home. */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "^(?:~|\\$HOME|\\$\\{HOME}|/home/[^/]{1,64}|/Users/[^/]{1,64})"
              + "/(?:Documents|Pictures|Desktop|Videos|Photos)(?:/|$)");

  /** The parts of a mail service's API that forward or filter the person's mail. */
  private static final List<String> MAIL_FORWARD_API =
      List.of(
          "/settings/filters",
          "/settings/forwardingaddresses",
          "/settings/autoforwarding",
          "/settings/delegates",
          "/messagerules",
          "/mailboxsettings",
          "/inboxrules");

  /** Code that grabs the screen. */
  private static final List<String> SCREEN_CODE =
      List.of(
          "ImageGrab.grab",
          "pyautogui.screenshot",
          "mss(",
          "mss.mss",
          "screenshot-desktop",
          "pyscreenshot",
          "CGWindowListCreateImage",
          "CopyFromScreen",
          "desktopCapturer");

  /** Code that opens a camera or a microphone. */
  private static final List<String> DEVICE_CODE =
      List.of(
          "sounddevice.rec",
          "sd.rec(",
          "pyaudio.paInt",
          "AVCaptureDevice",
          "node-webcam",
          "NodeWebcam",
          "node-record-lpcm16",
          "picamera",
          "Picamera2",
          "sr.Microphone(",
          "speech_recognition.Microphone");

  /** OpenCV's capture of a camera by its index ({@code cv2.VideoCapture(0)}), not of a file. */
  private static final Pattern CAMERA_INDEX =
      Pattern.compile("VideoCapture\\(\\s{0,3}(?:\\d|cv2\\.CAP_)");

  /** Code that reads the clipboard. */
  private static final List<String> CLIPBOARD_CODE =
      List.of(
          "pyperclip.paste",
          "clipboard.paste",
          "clipboard_get",
          "clipboardy.read",
          "clipboard.readText",
          "GetClipboardData",
          "Get-Clipboard",
          "NSPasteboard");

  /** Code that sends over the network. */
  private static final List<String> NETWORK_CODE =
      List.of(
          "requests.post",
          "requests.put",
          "urlopen",
          "urllib.request",
          "http.client",
          "httpx.",
          "fetch(",
          "axios",
          "https.request",
          "http.request",
          "smtplib",
          "Net::HTTP",
          "ftplib",
          "boto3",
          "paramiko");

  /** Exchange's cmdlets and settings that forward a mailbox. */
  private static final List<String> EXCHANGE_FORWARDS =
      List.of(
          "New-InboxRule", "Set-InboxRule", "ForwardingSmtpAddress", "DeliverToMailboxAndForward");

  /** The words of a tool's name that send what it is given. */
  private static final List<String> TOOL_SENDS =
      List.of("upload", "send", "share", "post", "attach", "mail", "publish", "message");

  /** Code that runs forever. */
  private static final List<String> LOOP_CODE =
      List.of("while True", "while(true)", "while (true)", "setInterval(", "loop do", "for (;;)");

  private PrivacyPredicates() {}

  /** Adds the program predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("grabs-screen", (scan, step, read) -> grabs(step, SCREEN_FORMATS, GST_SCREEN));
    named.put("grabs-device", (scan, step, read) -> grabs(step, DEVICE_FORMATS, GST_DEVICE));
    named.put(
        "screenshot-sent",
        (scan, step, read) -> wholeScreenShot(step) && OtherHosts.sendsOut(scan));
    named.put(
        "clipboard-read-out",
        (scan, step, read) ->
            watchesClipboard(step)
                || readsClipboard(step)
                    && (OtherHosts.sendsOut(scan) || inLoop(OtherHosts.source(scan))));
    named.put("code-logs-keys", (scan, step, read) -> logsKeys(InterpreterCode.of(step)));
    named.put(
        "code-grabs-screen-out",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return OtherHosts.has(code, SCREEN_CODE)
              && (OtherHosts.has(code, NETWORK_CODE) || OtherHosts.sendsOut(scan));
        });
    named.put(
        "code-uses-camera-microphone",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return OtherHosts.has(code, DEVICE_CODE)
              || code != null
                  && code.length() < 64 * 1024
                  && PatternLiterals.finds(CAMERA_INDEX, code);
        });
    named.put(
        "code-reads-clipboard-out",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return OtherHosts.has(code, CLIPBOARD_CODE)
              && (OtherHosts.has(code, NETWORK_CODE)
                  || OtherHosts.has(code, LOOP_CODE)
                  || OtherHosts.sendsOut(scan));
        });
    named.put("mail-forwarding-api", PrivacyPredicates::mailForwardingApi);
    named.put(
        "names-input-device",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/dev/input/") || text.startsWith("if=/dev/input/")) {
              return !text.endsWith("/") && !text.equals("/dev/input/by-id");
            }
          }
          return false;
        });
  }

  /** Adds the call predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("personal-files-sent", PrivacyPredicates::personalFilesSent);
    named.put("mail-forwarding-tool", PrivacyPredicates::mailForwardingTool);
    named.put("customers-video-out", CustomersVideo::out);
  }

  private static boolean grabs(Step step, Set<String> formats, List<String> gstSources) {
    String program = step.program();
    List<Word> args = step.args();
    if (formats == SCREEN_FORMATS && BUSES.contains(program)) {
      for (Word word : args) {
        if (OtherHosts.has(word.text(), SCREENCAST_BUS)) {
          return true;
        }
      }
      return false;
    }
    if (formats == DEVICE_FORMATS && program.equals("sox")) {
      for (Word word : args) {
        String text = word.text();
        if (text.equals("-d") || text.equals("--default-device")) {
          return true; // before any file: the input, the microphone (after one, it plays)
        }
        if (!text.startsWith("-") && (text.indexOf('.') >= 0 || text.indexOf('/') >= 0)) {
          return false;
        }
      }
      return false;
    }
    if (formats == DEVICE_FORMATS && PLAYERS.contains(program)) {
      for (Word word : args) {
        if (OtherHosts.has(word.text(), DEVICE_URLS)) {
          return true; // mpv av://v4l2:/dev/video0, vlc v4l2:// , v4l2-ctl --stream-to
        }
      }
      return false;
    }
    if (program.startsWith("gst-launch")) {
      for (Word word : args) {
        if (OtherHosts.has(word.text(), gstSources)) {
          return true;
        }
      }
      return false;
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-f") && formats.contains(args.get(i + 1).text())) {
        for (int j = i + 2; j < args.size(); j++) {
          if (args.get(j).text().equals("-i")) {
            return true; // an input's format, not an output's (-f alsa default plays)
          }
        }
      }
      if (formats == DEVICE_FORMATS
          && text.equals("-i")
          && args.get(i + 1).text().startsWith("/dev/video")) {
        return true;
      }
    }
    return false;
  }

  private static boolean wholeScreenShot(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "import" -> {
        for (int i = 0; i + 1 < args.size(); i++) {
          if (args.get(i).text().equals("-window") && args.get(i + 1).text().equals("root")) {
            return true;
          }
        }
        return false;
      }
      case "xwd" -> {
        for (Word word : args) {
          if (word.text().equals("-root")) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return true;
      }
    }
  }

  private static boolean watchesClipboard(Step step) {
    if (!step.program().equals("wl-paste")) {
      return false;
    }
    for (Word word : step.args()) {
      if (word.text().equals("--watch") || word.text().equals("-w")) {
        return true;
      }
    }
    return false;
  }

  private static boolean readsClipboard(Step step) {
    switch (step.program()) {
      case "wl-paste", "pbpaste", "termux-clipboard-get", "clipnotify" -> {
        return true;
      }
      case "xclip", "xsel" -> {
        for (Word word : step.args()) {
          String text = word.text();
          if (text.equals("-o") || text.equals("-out") || text.equals("--output")) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  private static boolean inLoop(String source) {
    return source.contains("while ")
        || source.contains("until ")
        || source.contains("watch ")
        || source.contains("for ");
  }

  private static boolean logsKeys(String code) {
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    if (code.contains("pynput")
        && code.contains("keyboard")
        && (code.contains("Listener") || code.contains("on_press"))) {
      return true;
    }
    if (code.contains("import keyboard")
        && (code.contains("on_press")
            || code.contains(".hook(")
            || code.contains("read_key")
            || code.contains(".record("))) {
      return true;
    }
    if (code.contains("evdev") && code.contains("/dev/input")) {
      return true;
    }
    return OtherHosts.has(code, KEY_HOOKS);
  }

  private static boolean mailForwardingApi(Scan scan, Step step, Where.Read read) {
    if (step.program().startsWith("pwsh") || step.program().startsWith("powershell")) {
      // A forward's parameter read (Get-Mailbox | Format-List ForwardingSmtpAddress) is no rule.
      return OtherHosts.has(Scan.render(step.invocation()), EXCHANGE_FORWARDS)
          && PowerShellAdmin.of(scan, step) != OrgEffect.NONE;
    }
    String line = null;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 2000 && text.contains("/")) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String part : MAIL_FORWARD_API) {
          if (lower.contains(part)) {
            line = lower;
          }
        }
      }
    }
    if (line == null) {
      return false;
    }
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (OtherHosts.has(code, EXCHANGE_FORWARDS)) {
        return true;
      }
      String c = code == null ? "" : code.toLowerCase(Locale.ROOT);
      return c.contains(".post(")
          || c.contains(".put(")
          || c.contains(".patch(")
          || c.contains("'post'")
          || c.contains("\"post\"");
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String upper = text.toUpperCase(Locale.ROOT);
      if (upper.equals("POST")
          || upper.equals("PUT")
          || upper.equals("PATCH")
          || upper.startsWith("-XPOST")
          || upper.startsWith("-XPUT")
          || upper.startsWith("-XPATCH")
          || text.startsWith("--data")
          || text.startsWith("--json")
          || text.startsWith("--form")
          || text.startsWith("-d")
          || text.equals("-F")
          || text.equals("-T")
          || text.startsWith("--upload-file")
          || text.startsWith("--post-data")) {
        return true;
      }
      if (!step.program().equals("curl")
          && !step.program().startsWith("wget")
          && !text.startsWith("-")
          && !text.contains("://")
          && (text.contains("=") || text.contains(":="))
          && !text.contains(":")) {
        return true; // httpie's and xh's body items: key=value
      }
    }
    return false;
  }

  /** A mail tool's call that makes a forwarding address, a filter or a rule. */
  private static String mailForwardingTool(Scan scan) {
    String tool = scan.call().tool();
    if (tool == null || !tool.startsWith("mcp__")) {
      return null;
    }
    String t = tool.toLowerCase(Locale.ROOT);
    boolean mail = OtherHosts.has(t, List.of("mail", "outlook", "exchange", "inbox"));
    boolean rule =
        OtherHosts.has(
            t, List.of("forwarding", "autoforward", "auto_forward", "filter", "rule", "delegat"));
    boolean reads = OtherHosts.has(t, List.of("list", "get", "read", "search", "delete", "remove"));
    if (mail
        && !rule
        && !reads
        && OtherHosts.has(t, List.of("update", "set", "modify", "create", "add"))) {
      String args = scan.call().args() == null ? "" : scan.call().args().toString();
      rule = args.length() < 64 * 1024 && args.toLowerCase(Locale.ROOT).contains("forward");
    }
    return mail && rule && !reads ? tool : null;
  }

  private static String personalFilesSent(Scan scan) {
    String tool = scan.call().tool();
    if (tool != null && tool.startsWith("mcp__") && scan.call().args() != null) {
      String t = tool.toLowerCase(Locale.ROOT);
      if (OtherHosts.has(t, TOOL_SENDS)) {
        for (com.fasterxml.jackson.databind.JsonNode value :
            scan.call().args().findValues("path")) {
          if (value.isTextual() && PatternLiterals.finds(PERSONAL, value.asText())) {
            return tool + " of " + value.asText();
          }
        }
        String args = scan.call().args().toString();
        for (String folder : List.of("/Documents/", "/Pictures/", "/Desktop/", "/Videos/")) {
          if (args.length() < 64 * 1024 && args.contains(folder)) {
            int at = args.indexOf(folder);
            String before = args.substring(Math.max(0, at - 30), at);
            if (before.contains("/home/") || before.contains("~") || before.contains("/Users/")) {
              return tool + " of " + folder;
            }
          }
        }
      }
      return null;
    }
    String source = OtherHosts.source(scan);
    if (!(source.contains("Documents")
        || source.contains("Pictures")
        || source.contains("Desktop")
        || source.contains("Videos")
        || source.contains("Photos"))) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (CopierOptions.dryRun(step)) {
        continue; // rclone sync ~/Pictures/Clients b2:… --dry-run sends nothing (round 72)
      }
      for (String file : TransferUploads.files(step)) {
        // lftp -e 'mirror -R ~/Pictures/…', gio copy ~/Pictures/… sftp://…: as scp's (session 16)
        if (file.length() < 1000 && PatternLiterals.finds(PERSONAL, file)) {
          return Scan.render(step.invocation());
        }
      }
      for (Word word : step.args()) {
        String text = word.text();
        int at = text.indexOf('@'); // curl -F file=@~/Documents/x.pdf
        String path = at >= 0 && at < 40 ? text.substring(at + 1) : text;
        if (path.length() < 1000 && PatternLiterals.finds(PERSONAL, path)) {
          return OtherHosts.sendsOut(scan) ? Scan.render(step.invocation()) : null;
        }
      }
    }
    return null;
  }
}

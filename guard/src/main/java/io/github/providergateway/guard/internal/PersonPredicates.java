package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book's {@code attacks}, {@code privacy} and {@code person} rules ask in code (issue 80,
 * decision 96): whether a scanner, a brute forcer or a flood is aimed at another host than this
 * machine, its containers or a staging host ({@code targets-another-host}); whether a capture
 * listens on a real interface ({@code sniffs-interface}, {@code sniffs-credentials}); whether
 * ffmpeg or GStreamer reads the screen, a camera or a microphone ({@code grabs-screen}, {@code
 * grabs-device}); a screenshot or the clipboard sent out ({@code screenshot-sent}, {@code
 * clipboard-read-out}); inline code that listens to the keyboard ({@code code-logs-keys}); a mail
 * forwarding rule made over HTTP ({@code mail-forwarding-api}) or by a tool ({@code
 * mail-forwarding-tool}); the person's documents sent ({@code personal-files-sent}); a commit in
 * another identity ({@code git-identity-overridden}, {@code writes-signoff-line}); a transaction on
 * a chain that is not this machine's or a test network's ({@code chain-not-local}); and a proxy
 * open to the world ({@code proxy-open}).
 */
final class PersonPredicates {
  /** The last labels of a file's name that a host name would also have: not a host. */
  private static final Set<String> FILE_ENDINGS =
      Set.of(
          "txt",
          "lst",
          "list",
          "xml",
          "json",
          "csv",
          "log",
          "py",
          "yaml",
          "yml",
          "nse",
          "html",
          "htm",
          "gnmap",
          "nmap",
          "out",
          "cfg",
          "conf",
          "ini",
          "dic",
          "pcap",
          "pcapng",
          "js",
          "md",
          "toml",
          "lua",
          "rb",
          "pl",
          "tmpl",
          "tpl",
          "wordlist",
          "gz",
          "zip");

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}(?:/\\d{1,2})?");

  private static final Pattern HOST_NAME =
      Pattern.compile("(?i)[a-z0-9][a-z0-9-]{0,62}(?:\\.[a-z0-9-]{1,63}){1,8}\\.?");

  /** Docker's bridge networks (172.17/16 to 172.31/16): this machine's containers. */
  private static final Pattern CONTAINER_ADDRESS =
      Pattern.compile("172\\.(?:1[7-9]|2[0-9]|3[01])\\.\\d{1,3}\\.\\d{1,3}");

  /** ffmpeg's input formats that read the screen. */
  private static final Set<String> SCREEN_FORMATS =
      Set.of("x11grab", "gdigrab", "kmsgrab", "ddagrab", "fbdev", "xcbgrab");

  /** ffmpeg's input formats that read a camera or a microphone. */
  private static final Set<String> DEVICE_FORMATS =
      Set.of(
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

  /** A loop of many requests: {@code seq 1 100000}, {@code {1..5000}}, {@code xargs -P 200}. */
  private static final Pattern FLOOD_COUNT =
      Pattern.compile(
          "(?:\\bseq\\s{1,3}(?:\\d{1,9}\\s{1,3})?|\\{\\d{1,9}\\.\\.)\\d{4,}|-P\\s?\\d{3,}");

  /** The programs that call a desktop's bus. */
  private static final Set<String> BUSES =
      Set.of("gdbus", "dbus-send", "busctl", "qdbus", "qdbus6", "qdbus-qt5");

  /** The players and tools that read a camera or a microphone named as a URL or a device. */
  private static final Set<String> PLAYERS = Set.of("mpv", "vlc", "cvlc", "mplayer", "v4l2-ctl");

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

  /** tshark's fields and filters that show what a clear-text protocol carries. */
  private static final List<String> CLEAR_TEXT_FIELDS =
      List.of(
          "http.authorization",
          "http.cookie",
          "http.file_data",
          "urlencoded-form",
          "ftp.request",
          "pop.request",
          "imap.request",
          "smtp.req",
          "telnet.data",
          "http.request.method");

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

  /** The network interfaces that carry only this machine's and its containers' traffic. */
  private static final List<String> OWN_INTERFACES =
      List.of("lo", "lo0", "loopback", "docker", "br-", "veth", "cni", "virbr", "podman");

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

  /** The names of chains that are this machine's or a test network's. */
  private static final List<String> TEST_CHAINS =
      List.of(
          "localhost",
          "127.0.0.1",
          "0.0.0.0",
          "devnet",
          "testnet",
          "sepolia",
          "goerli",
          "holesky",
          "hoodi",
          "anvil",
          "hardhat",
          "ganache",
          "regtest",
          "signet",
          "amoy",
          "mumbai",
          "fuji",
          "local",
          "sandbox");

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

  /** The calls that send a transaction on a chain. */
  private static final List<String> CHAIN_SENDS =
      List.of(
          "eth_sendRawTransaction",
          "eth_sendTransaction",
          "sendRawTransaction",
          "send_raw_transaction",
          "send_transaction(",
          "sendTransaction(",
          "sendAndConfirmTransaction",
          "signAndSendTransaction",
          "sendtoaddress(",
          "sendmany(");

  /** An exchange's calls, through ccxt, that move the person's money. */
  private static final List<String> EXCHANGE_ORDERS =
      List.of(
          ".withdraw(",
          "create_order(",
          "create_market_order",
          "createOrder(",
          "createMarketOrder");

  /** Registrars' API calls that buy a domain or stop its renewal. */
  private static final List<String> REGISTRAR_BUYS =
      List.of(
          "api.godaddy.com/v1/domains/purchase",
          "namecheap.domains.create",
          "namecheap.domains.transfer.create",
          "api.gandi.net/v5/domain/domains",
          "api.porkbun.com/api/json/v3/domain/create",
          "autorenew=false",
          "\"autorenew\":false",
          "\"auto_renew\":false",
          "\"autorenew\": false",
          "\"auto_renew\": false");

  private PersonPredicates() {}

  /** Adds the program predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("targets-another-host", (scan, step, read) -> anotherHost(step.args()) != null);
    named.put("aims-elsewhere", (scan, step, read) -> aimsElsewhere(step.args()));
    named.put(
        "in-request-flood",
        (scan, step, read) -> {
          String source = source(scan);
          return source.length() < 64 * 1024
              && (source.contains("seq") || source.contains("..") || source.contains("-P"))
              && FLOOD_COUNT.matcher(source).find()
              && anotherHost(step.args()) != null;
        });
    named.put(
        "code-grabs-screen-out",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return has(code, SCREEN_CODE) && (has(code, NETWORK_CODE) || sendsOut(scan));
        });
    named.put(
        "code-uses-camera-microphone",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return has(code, DEVICE_CODE)
              || code != null && code.length() < 64 * 1024 && CAMERA_INDEX.matcher(code).find();
        });
    named.put(
        "code-reads-clipboard-out",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return has(code, CLIPBOARD_CODE)
              && (has(code, NETWORK_CODE) || has(code, LOOP_CODE) || sendsOut(scan));
        });
    named.put("sends-chain-transaction", PersonPredicates::sendsChainTransaction);
    named.put(
        "buys-domain-api",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.length() < 4000 && has(text.toLowerCase(Locale.ROOT), REGISTRAR_BUYS)) {
              return true;
            }
          }
          return has(InterpreterCode.of(step), REGISTRAR_BUYS);
        });
    named.put("exploits-another-host", (scan, step, read) -> exploitsAnotherHost(step.args()));
    named.put("sniffs-interface", (scan, step, read) -> sniffsInterface(step.args()));
    named.put(
        "sniffs-credentials",
        (scan, step, read) -> sniffsInterface(step.args()) && capturesCredentials(scan, step));
    named.put("grabs-screen", (scan, step, read) -> grabs(step, SCREEN_FORMATS, GST_SCREEN));
    named.put("grabs-device", (scan, step, read) -> grabs(step, DEVICE_FORMATS, GST_DEVICE));
    named.put("screenshot-sent", (scan, step, read) -> wholeScreenShot(step) && sendsOut(scan));
    named.put(
        "clipboard-read-out",
        (scan, step, read) ->
            watchesClipboard(step)
                || readsClipboard(step) && (sendsOut(scan) || inLoop(source(scan))));
    named.put("code-logs-keys", (scan, step, read) -> logsKeys(InterpreterCode.of(step)));
    named.put("mail-forwarding-api", PersonPredicates::mailForwardingApi);
    named.put("git-identity-overridden", PersonPredicates::gitIdentityOverridden);
    named.put(
        "writes-signoff-line",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.length() < 10_000
                && text.toLowerCase(Locale.ROOT).contains("signed-off-by:")) {
              return true;
            }
          }
          return false;
        });
    named.put("chain-not-local", PersonPredicates::chainNotLocal);
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
    named.put(
        "date-sets-time",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (word.text().matches("\\d{8,12}(?:\\.\\d{2})?")) {
              return true; // date MMDDhhmm[[CC]YY][.ss]
            }
          }
          return false;
        });
    named.put("proxy-open", (scan, step, read) -> proxyOpen(step));
  }

  /** Adds the call predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("personal-files-sent", PersonPredicates::personalFilesSent);
    named.put("mail-forwarding-tool", PersonPredicates::mailForwardingTool);
  }

  /**
   * The first host among a program's words that is not this machine's, its containers' or a staging
   * host's: a URL's, an address (a range too), a name with a dot, {@code user@host:port}; a word
   * the guard cannot know, not an option's value, is {@code ?}. Null when there is none.
   */
  static String anotherHost(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (!word.literal()) {
        boolean optionValue = i > 0 && args.get(i - 1).text().startsWith("-");
        if ((!optionValue || i == args.size() - 1) && !text.contains("/")) {
          return "?"; // nmap -Pn $TARGET; not nmap -p $PORTS 127.0.0.1
        }
        continue;
      }
      String host = hostOf(text);
      if (host != null && !ownHost(host)) {
        return host;
      }
    }
    return null;
  }

  /**
   * Whether a tool that needs a target is aimed elsewhere than at the project's own hosts: another
   * host among its words, or none of its own, the targets then in a file or computed (a help or
   * version asked is neither).
   */
  static boolean aimsElsewhere(List<Word> args) {
    if (anotherHost(args) != null) {
      return true;
    }
    if (args.size() <= 1) {
      return false; // hydra, hydra -h: its usage
    }
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--help") || text.equals("--version") || text.equals("-version")) {
        return false;
      }
      if (word.literal()
          && (hostOf(text) != null
              || Environments.localHost(text)
              || Environments.composeService(text))) {
        return false; // every host it names is the project's own
      }
    }
    return true;
  }

  /** Whether a Metasploit command's RHOSTS name another host. */
  private static boolean exploitsAnotherHost(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int at = text.toLowerCase(Locale.ROOT).indexOf("rhost");
      if (at >= 0 && text.length() < 4000) {
        List<Word> words = new ArrayList<>();
        for (String part : text.substring(at).split("[\\s;'\"]+", 8)) {
          words.add(new Word(part, true));
        }
        if (anotherHost(words) != null) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether code holds one of the parts. */
  private static boolean has(String code, List<String> parts) {
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    for (String part : parts) {
      if (code.contains(part)) {
        return true;
      }
    }
    return false;
  }

  private static boolean sendsChainTransaction(Scan scan, Step step, Where.Read read) {
    String text = step.interpreter() ? InterpreterCode.of(step) : Scan.render(step.invocation());
    boolean exchange = has(text, List.of("ccxt")) && has(text, EXCHANGE_ORDERS);
    if (!exchange && !has(text, CHAIN_SENDS)) {
      return false;
    }
    return !has(text.toLowerCase(Locale.ROOT), TEST_CHAINS);
  }

  /** The host a word names, or null when it names none. */
  private static String hostOf(String text) {
    if (text.length() > 300) {
      return null;
    }
    if (text.contains("://")) {
      return Environments.host(text);
    }
    String rest = text.substring(text.lastIndexOf('@') + 1);
    int colon = rest.indexOf(':');
    if (colon > 0 && rest.indexOf(':', colon + 1) < 0) {
      rest = rest.substring(0, colon);
    }
    if (IPV4.matcher(rest).matches()) {
      return rest;
    }
    if (rest.indexOf('.') > 0 && HOST_NAME.matcher(rest).matches()) {
      String name = rest.endsWith(".") ? rest.substring(0, rest.length() - 1) : rest;
      String last = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
      if (last.length() >= 2
          && last.chars().allMatch(Character::isLetter)
          && !FILE_ENDINGS.contains(last)) {
        return name;
      }
    }
    return null;
  }

  /** Whether a host is this machine, one of its containers, or a test or staging host. */
  static boolean ownHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    int slash = h.indexOf('/');
    if (slash > 0) {
      return false; // a range: machine.network-scan's, and no range is this machine alone
    }
    return Hosts.loopback(h)
        || Environments.localHost(h)
        || Environments.stagingHost(h)
        || h.endsWith(".test")
        || h.endsWith(".internal") && h.startsWith("host.")
        || CONTAINER_ADDRESS.matcher(h).matches();
  }

  private static boolean sniffsInterface(List<Word> args) {
    String device = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      switch (text) {
        case "-r", "--read-file", "-D", "--list-interfaces", "-h", "--help", "--version" -> {
          return false;
        }
        case "-i", "--interface", "-d" -> {
          if (i + 1 < args.size()) {
            Word next = args.get(i + 1);
            device = next.literal() ? next.text() : "?";
          }
        }
        default -> {
          if (text.startsWith("--interface=")) {
            device = text.substring("--interface=".length());
          } else if (text.startsWith("-i") && text.length() > 2 && !text.startsWith("-i-")) {
            device = text.substring(2);
          } else if (text.startsWith("-r") && text.length() > 2) {
            return false;
          }
        }
      }
    }
    if (device == null) {
      return true; // the first interface that is up: a real one
    }
    for (String own : OWN_INTERFACES) {
      if (device.startsWith(own)) {
        return false;
      }
    }
    return true;
  }

  private static boolean capturesCredentials(Scan scan, Step step) {
    String source = source(scan);
    if (source.length() > 64 * 1024) {
      return true;
    }
    String text = source.toLowerCase(Locale.ROOT);
    for (String word :
        List.of("pass", "pwd", "authorization", "cookie", "login", "credential", "token")) {
      if (text.contains(word)) {
        return true;
      }
    }
    boolean payload = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("-A") || t.equals("-X") || t.equals("-x") || t.equals("-XX")) {
        payload = true;
      }
    }
    if (has(text, CLEAR_TEXT_FIELDS)) {
      return true; // tshark -Y http.request -e http.authorization, -e http.file_data
    }
    return payload
        && (text.matches("(?s).*\\bport (?:21|23|25|80|110|143|389|8080)\\b.*")
            || text.contains("http.request")
            || text.contains("ftp")
            || text.contains("telnet"));
  }

  private static boolean grabs(Step step, Set<String> formats, List<String> gstSources) {
    String program = step.program();
    List<Word> args = step.args();
    if (formats == SCREEN_FORMATS && BUSES.contains(program)) {
      for (Word word : args) {
        if (has(word.text(), SCREENCAST_BUS)) {
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
        if (has(word.text(), DEVICE_URLS)) {
          return true; // mpv av://v4l2:/dev/video0, vlc v4l2:// , v4l2-ctl --stream-to
        }
      }
      return false;
    }
    if (program.startsWith("gst-launch")) {
      for (Word word : args) {
        if (has(word.text(), gstSources)) {
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

  /**
   * Whether a program of the call sends to another machine than this one: an upload, a request with
   * a body, a copy, a mail ({@link NetworkSends}).
   */
  static boolean sendsOut(Scan scan) {
    for (Step step : scan.steps()) {
      FlowReading.Found found = new FlowReading.Found();
      if (!NetworkSends.read(step, found)) {
        continue;
      }
      for (Object[] sending : found.sends()) {
        String to = (String) sending[1];
        if (to == null || !(Hosts.loopback(to) || Environments.localHost(to))) {
          return true;
        }
      }
    }
    return false;
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

  /** {@return the call's command, or the empty string for a tool's call} */
  private static String source(Scan scan) {
    String source = scan.source();
    return source == null ? "" : source;
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
    return has(code, KEY_HOOKS);
  }

  private static boolean mailForwardingApi(Scan scan, Step step, Where.Read read) {
    if (step.program().startsWith("pwsh") || step.program().startsWith("powershell")) {
      return has(Scan.render(step.invocation()), EXCHANGE_FORWARDS);
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
      if (has(code, EXCHANGE_FORWARDS)) {
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
    boolean mail =
        t.contains("mail")
            || t.contains("outlook")
            || t.contains("exchange")
            || t.contains("inbox");
    boolean rule =
        t.contains("forwarding")
            || t.contains("autoforward")
            || t.contains("auto_forward")
            || t.contains("filter")
            || t.contains("rule")
            || t.contains("delegat");
    boolean reads =
        t.contains("list")
            || t.contains("get")
            || t.contains("read")
            || t.contains("search")
            || t.contains("delete")
            || t.contains("remove");
    if (mail && !rule && !reads && has(t, List.of("update", "set", "modify", "create", "add"))) {
      String args = scan.call().args() == null ? "" : scan.call().args().toString();
      rule = args.length() < 64 * 1024 && args.toLowerCase(Locale.ROOT).contains("forward");
    }
    return mail && rule && !reads ? tool : null;
  }

  private static String personalFilesSent(Scan scan) {
    String tool = scan.call().tool();
    if (tool != null && tool.startsWith("mcp__") && scan.call().args() != null) {
      String t = tool.toLowerCase(Locale.ROOT);
      if (has(t, TOOL_SENDS)) {
        for (com.fasterxml.jackson.databind.JsonNode value :
            scan.call().args().findValues("path")) {
          if (value.isTextual() && PERSONAL.matcher(value.asText()).find()) {
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
    String source = source(scan);
    if (!(source.contains("Documents")
        || source.contains("Pictures")
        || source.contains("Desktop")
        || source.contains("Videos")
        || source.contains("Photos"))) {
      return null;
    }
    for (Step step : scan.steps()) {
      for (Word word : step.args()) {
        String text = word.text();
        int at = text.indexOf('@'); // curl -F file=@~/Documents/x.pdf
        String path = at >= 0 && at < 40 ? text.substring(at + 1) : text;
        if (path.length() < 1000 && PERSONAL.matcher(path).find()) {
          return sendsOut(scan) ? Scan.render(step.invocation()) : null;
        }
      }
    }
    return null;
  }

  private static boolean gitIdentityOverridden(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    boolean identity = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String setting = null;
      if (text.equals("-c") && i + 1 < args.size()) {
        setting = args.get(i + 1).text();
      } else if (text.startsWith("-c") && text.length() > 2) {
        setting = text.substring(2);
      }
      if (setting != null) {
        String s = setting.toLowerCase(Locale.ROOT);
        if (s.startsWith("user.name=")
            || s.startsWith("user.email=")
            || s.startsWith("author.")
            || s.startsWith("committer.")) {
          identity = true;
        }
      }
    }
    if (!identity) {
      String source = source(scan);
      identity =
          source.length() < 64 * 1024
              && source.contains("config")
              && (setsValue(source, "user.name ") || setsValue(source, "user.email "));
    }
    if (!identity) {
      String source = source(scan);
      identity =
          source.length() < 64 * 1024
              && (source.contains("GIT_AUTHOR_NAME=")
                  || source.contains("GIT_AUTHOR_EMAIL=")
                  || source.contains("GIT_COMMITTER_NAME=")
                  || source.contains("GIT_COMMITTER_EMAIL="));
    }
    if (!identity) {
      return false;
    }
    return Set.of("commit", "commit-tree", "merge", "am", "revert", "cherry-pick", "tag", "rebase")
        .contains(gitSubcommand(args));
  }

  /** git's subcommand: its first word past git's own options and their values. */
  private static String gitSubcommand(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-c")
          || text.equals("-C")
          || text.equals("--git-dir")
          || text.equals("--work-tree")
          || text.equals("--namespace")) {
        i++;
      } else if (!text.startsWith("-")) {
        return text;
      }
    }
    return "";
  }

  /**
   * Whether a setting's name in a command is followed by a value (not by {@code &&} or the end).
   */
  private static boolean setsValue(String source, String key) {
    for (int at = source.indexOf(key); at >= 0; at = source.indexOf(key, at + 1)) {
      int i = at + key.length();
      while (i < source.length() && source.charAt(i) == ' ') {
        i++;
      }
      if (i < source.length() && "&;|\n)".indexOf(source.charAt(i)) < 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean chainNotLocal(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    String url = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String name = eq > 0 ? text.substring(0, eq) : text;
      if (Set.of("--rpc-url", "-r", "--fork-url", "--url", "-u", "--rpc", "--network", "--chain")
          .contains(name)) {
        if (eq > 0) {
          url = args.get(i).literal() ? text.substring(eq + 1) : "?";
        } else if (i + 1 < args.size()) {
          Word next = args.get(i + 1);
          url = next.literal() ? next.text() : "?";
        }
      }
    }
    String program = step.program();
    if (url == null) {
      if (program.equals("hardhat")) {
        return false; // its own network, in the process
      }
      if (program.equals("cast") || program.equals("forge")) {
        return source(scan).contains("ETH_RPC_URL"); // else anvil's localhost:8545
      }
      return true; // solana's, spl-token's, near's configured network: mainnet unless told
    }
    String u = url.toLowerCase(Locale.ROOT);
    if (u.equals("l") || u.equals("d") || u.equals("t")) {
      return false; // solana's monikers: localhost, devnet, testnet
    }
    return !has(u, TEST_CHAINS);
  }

  private static boolean proxyOpen(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "tor" -> {
        for (Word word : args) {
          String t = word.text().toLowerCase(Locale.ROOT);
          if (t.contains("orport") || t.contains("exitrelay") || t.contains("bridgerelay")) {
            return true;
          }
        }
        return false;
      }
      case "ssh" -> {
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          String bind = null;
          if (text.equals("-D") && i + 1 < args.size()) {
            bind = args.get(i + 1).text();
          } else if (text.startsWith("-D") && text.length() > 2) {
            bind = text.substring(2);
          }
          if (bind != null && (bind.startsWith("0.0.0.0:") || bind.startsWith("*:"))) {
            return true;
          }
          if (text.equals("-g") || text.contains("GatewayPorts=yes")) {
            for (Word w : args) {
              if (w.text().startsWith("-D")) {
                return true;
              }
            }
          }
        }
        return false;
      }
      default -> {
        // microsocks, gost, 3proxy, tinyproxy and their kind listen on every interface unless
        // bound to this machine
        for (Word word : args) {
          String t = word.text();
          if (t.contains("127.0.0.1") || t.contains("localhost") || t.contains("[::1]")) {
            return false;
          }
        }
        return true;
      }
    }
  }
}

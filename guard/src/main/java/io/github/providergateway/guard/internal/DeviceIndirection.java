package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book's disk rules ask in code of devices reached by indirection (issue 80): a device
 * named by what another program computes ({@code device-computed}), opened for writing by inline
 * code ({@code code-writes-device}), a device or a computed word among a program's arguments
 * ({@code on-device}), a disk's destruction over UDisks' bus ({@code bus-disk}), a volume shrunk
 * ({@code shrinks-volume}). Split from {@link MachinePredicates}, whose helpers it shares.
 */
final class DeviceIndirection {
  /** The programs that destroy what is on the device they are given. */
  private static final Set<String> DEVICE_WRITERS =
      NameSet.of(
          "dd",
          "wipefs",
          "shred",
          "blkdiscard",
          "sgdisk",
          "sfdisk",
          "fdisk",
          "parted",
          "gdisk",
          "cryptsetup",
          "mke2fs",
          "mkswap",
          "pvcreate",
          "badblocks",
          "hdparm",
          "nvme",
          "cat",
          "tee",
          "pv");

  /** The programs whose output names the machine's block devices. */
  private static final Pattern DEVICE_LISTING =
      Pattern.compile(
          "\\b(?:lsblk|blkid|findmnt|fdisk -l|sfdisk -l|parted -l)\\b"
              + "|/dev/(?:sd|nvme|vd|xvd|hd|mmcblk|disk/|mapper/|md|dm-)|/dev(?![/\\w])");

  /** Inline code that opens a block device for writing. */
  private static final Pattern CODE_WRITES_DEVICE =
      Pattern.compile(
          "(?:writeFileSync|createWriteStream|appendFileSync)\\s*\\(\\s*['\"]/dev/(?:sd[a-z]|nvme\\d|vd[a-z]"
              + "|xvd[a-z]|hd[a-z]|mmcblk\\d|disk/|mapper/)|"
              + "/dev/(?:sd[a-z]|nvme\\d|vd[a-z]|xvd[a-z]|hd[a-z]|mmcblk\\d|disk/|mapper/|dm-\\d|md\\d|loop\\d)"
              + "[^\\n]{0,80}?(?:['\"](?:w|wb|r\\+b?|rb\\+|a|ab|w\\+b?)['\"]|O_WRONLY|O_RDWR|"
              + "writeFileSync|createWriteStream|openSync\\([^)]{0,60}['\"]r?\\+?w)|"
              // Perl's open with the mode before the path: open(F, ">", "/dev/sda"), ">/dev/sda"
              + "['\"](?:\\+?>{1,2}|\\+<)['\"]?\\s{0,4},?\\s{0,4}['\"]?/dev/(?:sd[a-z]|nvme\\d|vd[a-z]"
              + "|xvd[a-z]|hd[a-z]|mmcblk\\d|disk/|mapper/)");

  /** The words naming a disk's destruction on UDisks' bus. */
  private static final Pattern BUS_DISK =
      Pattern.compile("(?:\\.Format|\\bFormat\\b|\\.Delete|DeletePartition|\\.Resize|\\.Wipe)");

  private DeviceIndirection() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "code-writes-device",
        PredicateGate.INTERPRETER.around(
            (scan, step, read) -> MachinePredicates.codeMatches(step, CODE_WRITES_DEVICE)));
    named.put(
        "on-device",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/dev/") || !word.literal() && text.contains("$")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "bus-disk", (scan, step, read) -> MachinePredicates.busCall(step, "UDisks2", BUS_DISK));
    named.put(
        "device-computed",
        new ProgramNames(DeviceIndirection::writesDevices, DeviceIndirection::deviceComputed));
    named.put(
        "shrinks-volume",
        (scan, step, read) -> {
          Argv argv = Argv.of(step.args(), "Ll", "size", "extents");
          String size = argv.value('L') != null ? argv.value('L') : argv.value("size");
          String extents = argv.value('l') != null ? argv.value('l') : argv.value("extents");
          return size != null && size.startsWith("-") || extents != null && extents.startsWith("-");
        });
  }

  /**
   * A program that destroys what is on a device, given one another program computes ({@code dd
   * of=$(lsblk …)}), one find or xargs fills in from {@code /dev} ({@code find /dev … -exec wipefs
   * -a {} \;}, {@code ls /dev/sd? | xargs wipefs -a}), or a variable set from such a listing.
   */
  /** {@return whether {@link #deviceComputed} may hold of a program of this name} */
  private static boolean writesDevices(String program) {
    return DEVICE_WRITERS.contains(program)
        || program.startsWith("mkfs")
        || program.equals("wipefs");
  }

  private static boolean deviceComputed(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (!writesDevices(program)) {
      return false;
    }
    if (program.equals("cat") || program.equals("tee") || program.equals("pv")) {
      // only where what they write to is computed: cat img > $(lsblk …)
      for (var redirect : step.invocation().redirects()) {
        String target = redirect.target().text();
        if (!redirect.target().literal() && target.contains("$")) {
          return listsDevices(scan);
        }
      }
      return false;
    }
    List<String> via = step.invocation().via();
    boolean filled = via.contains("xargs") || via.contains("find -exec");
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("{}") || text.endsWith("={}")) {
        filled = true;
      } else if (!word.literal()
          && (text.contains("$(") || text.contains("`") || text.contains("$"))
          && !text.startsWith("if=$")) {
        filled = true;
      }
    }
    return filled && listsDevices(scan); // the command's text read last, and only for a writer
  }

  /** Whether the command names the machine's disks or a program that lists them. */
  private static boolean listsDevices(Scan scan) {
    return OwnAccesses.once(
        scan,
        () -> {
          String source = scan.source();
          return source != null && PatternLiterals.finds(DEVICE_LISTING, source);
        });
  }
}

package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's {@code devices.gpu-*} rules ask in code (issue 80, decision 95): a GPU reset or
 * its partitions rebuilt ({@code gpu-resets}), a setting every user of it shares changed ({@code
 * gpu-setting-changed}, {@code rocm-setting-changed}), the driver's packages or modules named
 * ({@code names-gpu-driver}), its devices named ({@code names-gpu-device}), and every process
 * nvidia-smi lists killed ({@code kills-gpu-processes}).
 */
final class GpuPredicates {
  /** nvidia-smi's options that reset a GPU or its partitions: every job on it ended. */
  private static final Set<String> GPU_RESETS =
      NameSet.of(
          "-r",
          "--gpu-reset",
          "-dgi",
          "--destroy-gpu-instance",
          "-dci",
          "--destroy-compute-instance",
          "-mig",
          "--multi-instance-gpu",
          "--gpureset");

  /** nvidia-smi's options that change how a GPU runs, for everyone on it. */
  private static final Set<String> GPU_SETTINGS =
      NameSet.of(
          "-pm",
          "--persistence-mode",
          "-pl",
          "--power-limit",
          "-lgc",
          "--lock-gpu-clocks",
          "-rgc",
          "--reset-gpu-clocks",
          "-lmc",
          "--lock-memory-clocks",
          "-rmc",
          "--reset-memory-clocks",
          "-ac",
          "--applications-clocks",
          "-rac",
          "--reset-applications-clocks",
          "-c",
          "--compute-mode",
          "-e",
          "--ecc-config",
          "--auto-boost-default",
          "--auto-boost-permission",
          "-am",
          "--accounting-mode",
          "-dm",
          "--driver-model");

  /** nvidia-smi's subcommands, whose options are their own. */
  private static final Set<String> SMI_SUBCOMMANDS =
      NameSet.of(
          "dmon",
          "pmon",
          "topo",
          "nvlink",
          "clocks",
          "encodersessions",
          "fbcsessions",
          "vgpu",
          "mig",
          "boost-slider",
          "power-hint",
          "conf-compute",
          "gpm",
          "c2c",
          "drain");

  /** The beginnings of the names of GPU drivers' packages and kernel modules. */
  private static final List<String> GPU_DRIVER_NAMES =
      List.of(
          "nvidia",
          "libnvidia",
          "cuda",
          "libcuda",
          "cudnn",
          "libcudnn",
          "nccl",
          "libnccl",
          "kmod-nvidia",
          "akmod-nvidia",
          "xserver-xorg-video-nvidia",
          "rocm",
          "amdgpu",
          "hip-runtime",
          "tensorrt",
          "libnvinfer");

  private GpuPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "names-gpu-device",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/dev/nvidia")
                || text.startsWith("/dev/dri")
                || text.equals("/dev/kfd")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "kills-gpu-processes",
        (scan, step, read) -> {
          String source = scan.source();
          if (source == null
              || !source.contains("nvidia-smi")
              || !(source.contains("compute-apps") || source.contains(" pmon"))) {
            return false;
          }
          return step.program().equals("kill") || DevicePredicates.mentions(step.args(), "kill");
        });
    named.put("gpu-resets", (scan, step, read) -> hasOption(step, GPU_RESETS));
    named.put(
        "gpu-setting-changed",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (SMI_SUBCOMMANDS.contains(word.text())) {
              return false; // dmon -c 5: the subcommand's own options
            }
          }
          return hasOption(step, GPU_SETTINGS);
        });
    named.put(
        "rocm-setting-changed",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if ((text.startsWith("--set") || text.startsWith("--reset"))
                && !text.equals("--gpureset")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "names-gpu-driver",
        (scan, step, read) -> {
          if (step.program().equals("pacman") && !pacmanRemoves(step)) {
            return false;
          }
          for (Word word : step.args()) {
            if (gpuDriver(word.text())) {
              return true;
            }
          }
          return false;
        });
  }

  /** Whether a package or module's name is a GPU driver's, a glob over them too. */
  static boolean gpuDriver(String text) {
    String name = text.replace("'", "").replace("\"", "").toLowerCase(Locale.ROOT);
    if (name.startsWith("-") || name.length() > 200) {
      return false;
    }
    for (String driver : GPU_DRIVER_NAMES) {
      if (name.equals(driver)
          || name.startsWith(driver + "-")
          || name.startsWith(driver + "*")
          || name.startsWith(driver + ":")
          || name.startsWith(driver + "_")
          || name.startsWith(driver + "/")
          || (name.startsWith(driver)
              && name.length() > driver.length()
              && Character.isDigit(name.charAt(driver.length())))) {
        return true;
      }
    }
    return false;
  }

  private static boolean pacmanRemoves(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.startsWith("-R") || text.equals("--remove")) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasOption(Step step, Set<String> options) {
    for (Word word : step.args()) {
      String text = word.text();
      int equals = text.indexOf('=');
      if (options.contains(equals > 0 ? text.substring(0, equals) : text)) {
        return true;
      }
    }
    return false;
  }
}

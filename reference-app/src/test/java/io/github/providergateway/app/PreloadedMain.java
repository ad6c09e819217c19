package io.github.providergateway.app;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Runs {@link Main} after loading every class of the gateway and of the libraries it runs on, as a
 * gateway that has been running a while has. A test that takes a process's file descriptors away
 * needs this: on the test class path each class not yet loaded is a file (or a jar not yet open) to
 * open, so the JVM itself would fail with {@code NoClassDefFoundError} where the shaded jar the
 * launcher runs, open from the start, would not.
 */
final class PreloadedMain {

  private PreloadedMain() {}

  public static void main(String[] args) throws IOException {
    ClassLoader loader = PreloadedMain.class.getClassLoader();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (Files.isDirectory(path)) {
        try (Stream<Path> files = Files.walk(path)) {
          files
              .filter(file -> file.toString().endsWith(".class"))
              .map(file -> path.relativize(file).toString())
              .filter(name -> name.startsWith("io/github/providergateway/"))
              .forEach(name -> load(loader, name));
        }
      } else if (entry.endsWith(".jar") && isRuntimeLibrary(entry)) {
        try (JarFile jar = new JarFile(entry)) {
          for (Enumeration<JarEntry> it = jar.entries(); it.hasMoreElements(); ) {
            String name = it.nextElement().getName();
            if (name.endsWith(".class") && !name.contains("module-info")) {
              load(loader, name);
            }
          }
        }
      }
    }
    Main.main(args);
  }

  private static boolean isRuntimeLibrary(String jar) {
    return jar.contains("grizzly")
        || jar.contains("tyrus")
        || jar.contains("jackson")
        || jar.contains("picocli")
        || jar.contains("websocket");
  }

  private static void load(ClassLoader loader, String file) {
    String name =
        file.substring(0, file.length() - ".class".length()).replace('/', '.').replace('\\', '.');
    try {
      Class.forName(name, false, loader);
    } catch (Throwable optional) {
      // A class whose optional dependency is absent: the gateway never uses it.
    }
  }
}

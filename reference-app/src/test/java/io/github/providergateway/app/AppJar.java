package io.github.providergateway.app;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The reference app packed as one jar from the test class path, for tests of what a rebuild does to
 * a running gateway.
 */
public final class AppJar {

  private AppJar() {}

  /**
   * The app as one jar, from the test class path as a build would make it: the project's own
   * classes (the modules' {@code classes} directories, or their jars, but no test classes) inside
   * it, third-party jars named by absolute URLs in its manifest's {@code Class-Path}. The project's
   * classes are the ones a gateway loads as hosts and providers arrive, so rewriting this jar under
   * a gateway running from it breaks that gateway. {@code reversed} writes the entries in the other
   * order.
   */
  public static Path write(Path jar, boolean reversed) throws IOException {
    List<String> libraries = new ArrayList<>();
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    Set<String> written = new HashSet<>(Set.of(JarFile.MANIFEST_NAME));
    List<Path> ownClasses = new ArrayList<>();
    List<Path> ownJars = new ArrayList<>();
    // The modules' jars: in the reactor under the repository, else from the local Maven repository.
    Path repository =
        Path.of(System.getProperty("gateway.repoRoot", "..")).toAbsolutePath().normalize();
    String ourGroup = String.join(File.separator, "", "io", "github", "providergateway", "");
    for (String entry : System.getProperty("surefire.test.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (Files.isDirectory(path) && path.getFileName().toString().equals("classes")) {
        ownClasses.add(path);
      } else if (entry.endsWith(".jar")
          && !entry.endsWith("-tests.jar")
          && (path.startsWith(repository) || entry.contains(ourGroup))) {
        ownJars.add(path);
      } else if (Files.isRegularFile(path)) {
        libraries.add(path.toUri().toString());
      }
    }
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", libraries));
    if (reversed) {
      java.util.Collections.reverse(ownClasses);
      java.util.Collections.reverse(ownJars);
    }
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      for (Path classes : ownClasses) {
        try (Stream<Path> files = Files.walk(classes)) {
          List<Path> all = new ArrayList<>(files.filter(Files::isRegularFile).sorted().toList());
          if (reversed) {
            java.util.Collections.reverse(all);
          }
          for (Path file : all) {
            String name = classes.relativize(file).toString().replace(File.separatorChar, '/');
            if (written.add(name)) {
              out.putNextEntry(new JarEntry(name));
              Files.copy(file, out);
              out.closeEntry();
            }
          }
        }
      }
      for (Path own : ownJars) {
        try (JarFile in = new JarFile(own.toFile())) {
          for (JarEntry entry : in.stream().filter(e -> !e.isDirectory()).toList()) {
            if (written.add(entry.getName())) {
              out.putNextEntry(new JarEntry(entry.getName()));
              try (InputStream bytes = in.getInputStream(entry)) {
                bytes.transferTo(out);
              }
              out.closeEntry();
            }
          }
        }
      }
    }
    return jar;
  }
}

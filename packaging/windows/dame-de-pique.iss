; Inno Setup 6.3+ script: installs the one-folder build of Dame de pique.
; Built by `python tools/build.py` on Windows, which runs:
;   ISCC /Q /DAppVersion=<version from pyproject.toml> /DDistDir=<project>\dist packaging\windows\dame-de-pique.iss
; Output: dist\dame-de-pique-<version>-setup.exe. Relative paths below are from this folder.
; The player's profile (in %APPDATA%) is not part of the installation: uninstalling keeps it.

#ifndef AppVersion
  #error Pass the version from pyproject.toml: ISCC /DAppVersion=x.y.z (tools/build.py does this)
#endif
#ifndef DistDir
  #define DistDir "..\..\dist"
#endif
#define AppName "Dame de pique"
#define AppExe "dame-de-pique.exe"

[Setup]
; AppId identifies the program for upgrades and uninstall: never change it.
AppId={{5B7E2C1A-3F4D-4E8B-9A61-7C2D8E0F4A13}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Dame de pique developers
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Program Files by default; a person without admin rights can install for themselves only.
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\..\LICENSE
SetupIconFile=..\..\assets\icon\icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir={#DistDir}
OutputBaseFilename=dame-de-pique-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole one-folder build: dame-de-pique.exe and its _internal folder.
Source: "{#DistDir}\dame-de-pique-folder\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

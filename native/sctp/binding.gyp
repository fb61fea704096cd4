# Two node-API addons, each built only where its headers are installed (detect.mjs):
#   sctp_userland: usrsctp over raw IP (Debian libusrsctp-dev)
#   sctp_kernel:   Linux kernel SCTP (Debian libsctp-dev)
# scripts/build-native.mjs runs this at `npm ci` and never fails the install; docs/plugins/sigtran.md, "SCTP".
{
  "variables": {
    "has_usrsctp": "<!(node detect.mjs usrsctp)",
    "has_lksctp": "<!(node detect.mjs lksctp)"
  },
  "target_defaults": {
    "cflags": ["-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-function", "-Wno-missing-field-initializers", "-O2"]
  },
  "targets": [
    {
      "target_name": "sctp_userland",
      "type": "none",
      "conditions": [
        ["has_usrsctp == 1", {
          "type": "loadable_module",
          "product_extension": "node",
          "sources": ["src/userland.c", "src/srcaddr.c", "src/portfilter.c", "src/localmtu.c"],
          "libraries": ["-lusrsctp", "-lpthread", "-ldl"]
        }]
      ]
    },
    {
      "target_name": "sctp_kernel",
      "type": "none",
      "conditions": [
        ["has_lksctp == 1", {
          "type": "loadable_module",
          "product_extension": "node",
          "sources": ["src/kernel.c"],
          "libraries": ["-lsctp"]
        }]
      ]
    }
  ]
}

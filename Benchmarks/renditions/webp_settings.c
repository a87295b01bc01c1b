// libwebp settings timed on their own (Benchmarks/README.md, "Where WebP's time goes"): decodes
// each JPEG with libjpeg outside the timing, then times WebPPictureImportRGB + WebPEncode with
// CLOCK_THREAD_CPUTIME_ID, best of REPS (default 3) per photo, and writes each WebP for the SSIM
// analysis (webp_settings.py). Usage:
//   cc -O2 webp_settings.c -o .work/bin/webp_settings -ljpeg -lwebp
//   webp_settings OUTDIR NAME:METHOD:SEGMENTS:SNS:FILTER:AUTOFILTER:SHARP_YUV:PASS QUALITY FILE…
// e.g. m4:4:4:50:60:0:0:1 is libwebp's default at method 4. Prints "NAME qQ N ms/photo".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
#include <webp/encode.h>
static double cpu(void){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static unsigned char*load(const char*p,int*w,int*h){FILE*f=fopen(p,"rb");struct jpeg_decompress_struct c;struct jpeg_error_mgr e;c.err=jpeg_std_error(&e);jpeg_create_decompress(&c);jpeg_stdio_src(&c,f);jpeg_read_header(&c,1);c.out_color_space=JCS_RGB;jpeg_start_decompress(&c);*w=c.output_width;*h=c.output_height;unsigned char*b=malloc((size_t)*w**h*3);while(c.output_scanline<c.output_height){unsigned char*r=b+(size_t)c.output_scanline**w*3;jpeg_read_scanlines(&c,&r,1);}jpeg_finish_decompress(&c);jpeg_destroy_decompress(&c);fclose(f);return b;}
int main(int argc,char**argv){
 const char*out=argv[1];char name[64];int m,seg,sns,fil,af,sharp,pass,reps=getenv("REPS")?atoi(getenv("REPS")):3;
 sscanf(argv[2],"%63[^:]:%d:%d:%d:%d:%d:%d:%d",name,&m,&seg,&sns,&fil,&af,&sharp,&pass);
 float q=atof(argv[3]);double total=0;size_t bytes=0;
 for(int a=4;a<argc;a++){int w,h;unsigned char*px=load(argv[a],&w,&h);double best=1e9;WebPMemoryWriter wr;
  for(int r=0;r<reps;r++){WebPConfig c;WebPConfigInit(&c);c.quality=q;c.method=m;c.segments=seg;c.sns_strength=sns;c.filter_strength=fil;c.autofilter=af;c.use_sharp_yuv=sharp;c.pass=pass;
   WebPPicture pic;WebPPictureInit(&pic);pic.width=w;pic.height=h;
   double t0=cpu();WebPPictureImportRGB(&pic,px,w*3);WebPMemoryWriterInit(&wr);pic.writer=WebPMemoryWrite;pic.custom_ptr=&wr;if(!WebPEncode(&c,&pic))return 3;double t=cpu()-t0;if(t<best)best=t;
   WebPPictureFree(&pic);if(r<reps-1)WebPMemoryWriterClear(&wr);}
  total+=best;bytes+=wr.size;const char*b=strrchr(argv[a],'/');char path[4096];snprintf(path,sizeof path,"%s/%s.%s.%g.webp",out,b+1,name,q);FILE*f=fopen(path,"wb");fwrite(wr.mem,1,wr.size,f);fclose(f);WebPMemoryWriterClear(&wr);free(px);}
 printf("%s q%g %.2f ms/photo\n",name,q,total*1000/(argc-4));return 0;}
